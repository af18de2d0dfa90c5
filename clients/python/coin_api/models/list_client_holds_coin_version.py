from typing import Literal

ListClientHoldsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_CLIENT_HOLDS_COIN_VERSION_VALUES: set[ListClientHoldsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_client_holds_coin_version(value: str) -> ListClientHoldsCoinVersion:
    if value in LIST_CLIENT_HOLDS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CLIENT_HOLDS_COIN_VERSION_VALUES!r}"
    )
