from typing import Literal

GetGrantRequestCoinVersion = Literal["3.0.0", "3.1.0"]

GET_GRANT_REQUEST_COIN_VERSION_VALUES: set[GetGrantRequestCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_grant_request_coin_version(value: str) -> GetGrantRequestCoinVersion:
    if value in GET_GRANT_REQUEST_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_GRANT_REQUEST_COIN_VERSION_VALUES!r}"
    )
