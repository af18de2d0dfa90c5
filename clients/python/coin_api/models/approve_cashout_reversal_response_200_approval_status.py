from typing import Literal

ApproveCashoutReversalResponse200ApprovalStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

APPROVE_CASHOUT_REVERSAL_RESPONSE_200_APPROVAL_STATUS_VALUES: set[
    ApproveCashoutReversalResponse200ApprovalStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_approve_cashout_reversal_response_200_approval_status(
    value: str,
) -> ApproveCashoutReversalResponse200ApprovalStatus:
    if value in APPROVE_CASHOUT_REVERSAL_RESPONSE_200_APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_CASHOUT_REVERSAL_RESPONSE_200_APPROVAL_STATUS_VALUES!r}"
    )
