from typing import Literal

ApproveRequestCoinVersion = Literal["3.0.0", "3.1.0"]

APPROVE_REQUEST_COIN_VERSION_VALUES: set[ApproveRequestCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_approve_request_coin_version(value: str) -> ApproveRequestCoinVersion:
    if value in APPROVE_REQUEST_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_REQUEST_COIN_VERSION_VALUES!r}"
    )
