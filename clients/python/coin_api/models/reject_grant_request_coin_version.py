from typing import Literal

RejectGrantRequestCoinVersion = Literal["3.0.0", "3.1.0"]

REJECT_GRANT_REQUEST_COIN_VERSION_VALUES: set[RejectGrantRequestCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_reject_grant_request_coin_version(
    value: str,
) -> RejectGrantRequestCoinVersion:
    if value in REJECT_GRANT_REQUEST_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_GRANT_REQUEST_COIN_VERSION_VALUES!r}"
    )
