from typing import Literal

ApproveDeletionRequestCoinVersion = Literal["3.0.0", "3.1.0"]

APPROVE_DELETION_REQUEST_COIN_VERSION_VALUES: set[ApproveDeletionRequestCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_approve_deletion_request_coin_version(
    value: str,
) -> ApproveDeletionRequestCoinVersion:
    if value in APPROVE_DELETION_REQUEST_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_DELETION_REQUEST_COIN_VERSION_VALUES!r}"
    )
