from typing import Literal

RejectRequestCoinVersion = Literal["3.0.0", "3.1.0"]

REJECT_REQUEST_COIN_VERSION_VALUES: set[RejectRequestCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_reject_request_coin_version(value: str) -> RejectRequestCoinVersion:
    if value in REJECT_REQUEST_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_REQUEST_COIN_VERSION_VALUES!r}"
    )
