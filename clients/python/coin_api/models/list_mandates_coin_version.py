from typing import Literal

ListMandatesCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_MANDATES_COIN_VERSION_VALUES: set[ListMandatesCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_mandates_coin_version(value: str) -> ListMandatesCoinVersion:
    if value in LIST_MANDATES_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MANDATES_COIN_VERSION_VALUES!r}"
    )
