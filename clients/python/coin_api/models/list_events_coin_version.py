from typing import Literal

ListEventsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_EVENTS_COIN_VERSION_VALUES: set[ListEventsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_events_coin_version(value: str) -> ListEventsCoinVersion:
    if value in LIST_EVENTS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_EVENTS_COIN_VERSION_VALUES!r}"
    )
