from typing import Literal

CreateSandboxCashoutResponse201CashoutApprovalStatus = Literal[
    "APPROVED", "NOT_REQUIRED", "PENDING"
]

CREATE_SANDBOX_CASHOUT_RESPONSE_201_CASHOUT_APPROVAL_STATUS_VALUES: set[
    CreateSandboxCashoutResponse201CashoutApprovalStatus
] = {
    "APPROVED",
    "NOT_REQUIRED",
    "PENDING",
}


def check_create_sandbox_cashout_response_201_cashout_approval_status(
    value: str,
) -> CreateSandboxCashoutResponse201CashoutApprovalStatus:
    if value in CREATE_SANDBOX_CASHOUT_RESPONSE_201_CASHOUT_APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_SANDBOX_CASHOUT_RESPONSE_201_CASHOUT_APPROVAL_STATUS_VALUES!r}"
    )
