from typing import Literal

RejectDeletionRequestCoinVersion = Literal["3.0.0", "3.1.0"]

REJECT_DELETION_REQUEST_COIN_VERSION_VALUES: set[RejectDeletionRequestCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_reject_deletion_request_coin_version(
    value: str,
) -> RejectDeletionRequestCoinVersion:
    if value in REJECT_DELETION_REQUEST_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_DELETION_REQUEST_COIN_VERSION_VALUES!r}"
    )
