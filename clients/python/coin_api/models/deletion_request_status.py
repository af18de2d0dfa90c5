from typing import Literal

DeletionRequestStatus = Literal["APPROVED", "EXPIRED", "PENDING", "REJECTED"]

DELETION_REQUEST_STATUS_VALUES: set[DeletionRequestStatus] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_deletion_request_status(value: str) -> DeletionRequestStatus:
    if value in DELETION_REQUEST_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETION_REQUEST_STATUS_VALUES!r}"
    )
