from typing import Literal

ApproveCashoutResponse200CashoutApprovalStatus = Literal[
    "APPROVED", "NOT_REQUIRED", "PENDING"
]

APPROVE_CASHOUT_RESPONSE_200_CASHOUT_APPROVAL_STATUS_VALUES: set[
    ApproveCashoutResponse200CashoutApprovalStatus
] = {
    "APPROVED",
    "NOT_REQUIRED",
    "PENDING",
}


def check_approve_cashout_response_200_cashout_approval_status(
    value: str,
) -> ApproveCashoutResponse200CashoutApprovalStatus:
    if value in APPROVE_CASHOUT_RESPONSE_200_CASHOUT_APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_CASHOUT_RESPONSE_200_CASHOUT_APPROVAL_STATUS_VALUES!r}"
    )
