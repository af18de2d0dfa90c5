from typing import Literal

ApproveGrantRequestCoinVersion = Literal["3.0.0", "3.1.0"]

APPROVE_GRANT_REQUEST_COIN_VERSION_VALUES: set[ApproveGrantRequestCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_approve_grant_request_coin_version(
    value: str,
) -> ApproveGrantRequestCoinVersion:
    if value in APPROVE_GRANT_REQUEST_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_GRANT_REQUEST_COIN_VERSION_VALUES!r}"
    )
