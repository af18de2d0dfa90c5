from typing import Literal

ListMyHoldsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_MY_HOLDS_COIN_VERSION_VALUES: set[ListMyHoldsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_my_holds_coin_version(value: str) -> ListMyHoldsCoinVersion:
    if value in LIST_MY_HOLDS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MY_HOLDS_COIN_VERSION_VALUES!r}"
    )
