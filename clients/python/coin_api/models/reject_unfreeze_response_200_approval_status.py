from typing import Literal

RejectUnfreezeResponse200ApprovalStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

REJECT_UNFREEZE_RESPONSE_200_APPROVAL_STATUS_VALUES: set[
    RejectUnfreezeResponse200ApprovalStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_reject_unfreeze_response_200_approval_status(
    value: str,
) -> RejectUnfreezeResponse200ApprovalStatus:
    if value in REJECT_UNFREEZE_RESPONSE_200_APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_UNFREEZE_RESPONSE_200_APPROVAL_STATUS_VALUES!r}"
    )
