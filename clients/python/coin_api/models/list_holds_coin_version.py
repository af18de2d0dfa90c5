from typing import Literal

ListHoldsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_HOLDS_COIN_VERSION_VALUES: set[ListHoldsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_holds_coin_version(value: str) -> ListHoldsCoinVersion:
    if value in LIST_HOLDS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_HOLDS_COIN_VERSION_VALUES!r}"
    )
