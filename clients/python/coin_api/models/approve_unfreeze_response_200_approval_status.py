from typing import Literal

ApproveUnfreezeResponse200ApprovalStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

APPROVE_UNFREEZE_RESPONSE_200_APPROVAL_STATUS_VALUES: set[
    ApproveUnfreezeResponse200ApprovalStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_approve_unfreeze_response_200_approval_status(
    value: str,
) -> ApproveUnfreezeResponse200ApprovalStatus:
    if value in APPROVE_UNFREEZE_RESPONSE_200_APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_UNFREEZE_RESPONSE_200_APPROVAL_STATUS_VALUES!r}"
    )
