from typing import Literal

GetMyHistoryCoinVersion = Literal["3.0.0", "3.1.0"]

GET_MY_HISTORY_COIN_VERSION_VALUES: set[GetMyHistoryCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_my_history_coin_version(value: str) -> GetMyHistoryCoinVersion:
    if value in GET_MY_HISTORY_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_MY_HISTORY_COIN_VERSION_VALUES!r}"
    )
