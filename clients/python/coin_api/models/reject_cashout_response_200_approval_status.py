from typing import Literal

RejectCashoutResponse200ApprovalStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

REJECT_CASHOUT_RESPONSE_200_APPROVAL_STATUS_VALUES: set[
    RejectCashoutResponse200ApprovalStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_reject_cashout_response_200_approval_status(
    value: str,
) -> RejectCashoutResponse200ApprovalStatus:
    if value in REJECT_CASHOUT_RESPONSE_200_APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_CASHOUT_RESPONSE_200_APPROVAL_STATUS_VALUES!r}"
    )
