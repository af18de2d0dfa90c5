from typing import Literal

RejectCommissionChangeResponse200ApprovalStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

REJECT_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_STATUS_VALUES: set[
    RejectCommissionChangeResponse200ApprovalStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_reject_commission_change_response_200_approval_status(
    value: str,
) -> RejectCommissionChangeResponse200ApprovalStatus:
    if value in REJECT_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_STATUS_VALUES!r}"
    )
