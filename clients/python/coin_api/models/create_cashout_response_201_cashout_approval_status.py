from typing import Literal

CreateCashoutResponse201CashoutApprovalStatus = Literal[
    "APPROVED", "NOT_REQUIRED", "PENDING"
]

CREATE_CASHOUT_RESPONSE_201_CASHOUT_APPROVAL_STATUS_VALUES: set[
    CreateCashoutResponse201CashoutApprovalStatus
] = {
    "APPROVED",
    "NOT_REQUIRED",
    "PENDING",
}


def check_create_cashout_response_201_cashout_approval_status(
    value: str,
) -> CreateCashoutResponse201CashoutApprovalStatus:
    if value in CREATE_CASHOUT_RESPONSE_201_CASHOUT_APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_CASHOUT_RESPONSE_201_CASHOUT_APPROVAL_STATUS_VALUES!r}"
    )
