from typing import Literal

ListTreasuriesCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_TREASURIES_COIN_VERSION_VALUES: set[ListTreasuriesCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_treasuries_coin_version(value: str) -> ListTreasuriesCoinVersion:
    if value in LIST_TREASURIES_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_TREASURIES_COIN_VERSION_VALUES!r}"
    )
