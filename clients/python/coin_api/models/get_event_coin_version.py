from typing import Literal

GetEventCoinVersion = Literal["3.0.0", "3.1.0"]

GET_EVENT_COIN_VERSION_VALUES: set[GetEventCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_event_coin_version(value: str) -> GetEventCoinVersion:
    if value in GET_EVENT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_EVENT_COIN_VERSION_VALUES!r}"
    )
