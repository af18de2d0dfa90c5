from typing import Literal

ListMyMandatesCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_MY_MANDATES_COIN_VERSION_VALUES: set[ListMyMandatesCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_my_mandates_coin_version(value: str) -> ListMyMandatesCoinVersion:
    if value in LIST_MY_MANDATES_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MY_MANDATES_COIN_VERSION_VALUES!r}"
    )
