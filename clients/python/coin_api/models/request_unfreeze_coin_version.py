from typing import Literal

RequestUnfreezeCoinVersion = Literal["3.0.0", "3.1.0"]

REQUEST_UNFREEZE_COIN_VERSION_VALUES: set[RequestUnfreezeCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_request_unfreeze_coin_version(value: str) -> RequestUnfreezeCoinVersion:
    if value in REQUEST_UNFREEZE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_UNFREEZE_COIN_VERSION_VALUES!r}"
    )
