from typing import Literal

ApprovalStatus = Literal["APPROVED", "EXPIRED", "PENDING", "REJECTED"]

APPROVAL_STATUS_VALUES: set[ApprovalStatus] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_approval_status(value: str) -> ApprovalStatus:
    if value in APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVAL_STATUS_VALUES!r}"
    )
