from typing import Literal

RejectCashoutResponse200CashoutApprovalStatus = Literal[
    "APPROVED", "NOT_REQUIRED", "PENDING"
]

REJECT_CASHOUT_RESPONSE_200_CASHOUT_APPROVAL_STATUS_VALUES: set[
    RejectCashoutResponse200CashoutApprovalStatus
] = {
    "APPROVED",
    "NOT_REQUIRED",
    "PENDING",
}


def check_reject_cashout_response_200_cashout_approval_status(
    value: str,
) -> RejectCashoutResponse200CashoutApprovalStatus:
    if value in REJECT_CASHOUT_RESPONSE_200_CASHOUT_APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_CASHOUT_RESPONSE_200_CASHOUT_APPROVAL_STATUS_VALUES!r}"
    )
