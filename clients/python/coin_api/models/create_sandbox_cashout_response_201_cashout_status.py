from typing import Literal

CreateSandboxCashoutResponse201CashoutStatus = Literal[
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
]

CREATE_SANDBOX_CASHOUT_RESPONSE_201_CASHOUT_STATUS_VALUES: set[
    CreateSandboxCashoutResponse201CashoutStatus
] = {
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
}


def check_create_sandbox_cashout_response_201_cashout_status(
    value: str,
) -> CreateSandboxCashoutResponse201CashoutStatus:
    if value in CREATE_SANDBOX_CASHOUT_RESPONSE_201_CASHOUT_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_SANDBOX_CASHOUT_RESPONSE_201_CASHOUT_STATUS_VALUES!r}"
    )
