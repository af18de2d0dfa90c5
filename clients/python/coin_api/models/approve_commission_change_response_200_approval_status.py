from typing import Literal

ApproveCommissionChangeResponse200ApprovalStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

APPROVE_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_STATUS_VALUES: set[
    ApproveCommissionChangeResponse200ApprovalStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_approve_commission_change_response_200_approval_status(
    value: str,
) -> ApproveCommissionChangeResponse200ApprovalStatus:
    if value in APPROVE_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_STATUS_VALUES!r}"
    )
