from typing import Literal

SettleCashoutResponse200CashoutApprovalStatus = Literal[
    "APPROVED", "NOT_REQUIRED", "PENDING"
]

SETTLE_CASHOUT_RESPONSE_200_CASHOUT_APPROVAL_STATUS_VALUES: set[
    SettleCashoutResponse200CashoutApprovalStatus
] = {
    "APPROVED",
    "NOT_REQUIRED",
    "PENDING",
}


def check_settle_cashout_response_200_cashout_approval_status(
    value: str,
) -> SettleCashoutResponse200CashoutApprovalStatus:
    if value in SETTLE_CASHOUT_RESPONSE_200_CASHOUT_APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SETTLE_CASHOUT_RESPONSE_200_CASHOUT_APPROVAL_STATUS_VALUES!r}"
    )
