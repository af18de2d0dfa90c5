from typing import Literal

RejectCashoutReversalResponse200ApprovalStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

REJECT_CASHOUT_REVERSAL_RESPONSE_200_APPROVAL_STATUS_VALUES: set[
    RejectCashoutReversalResponse200ApprovalStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_reject_cashout_reversal_response_200_approval_status(
    value: str,
) -> RejectCashoutReversalResponse200ApprovalStatus:
    if value in REJECT_CASHOUT_REVERSAL_RESPONSE_200_APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_CASHOUT_REVERSAL_RESPONSE_200_APPROVAL_STATUS_VALUES!r}"
    )
