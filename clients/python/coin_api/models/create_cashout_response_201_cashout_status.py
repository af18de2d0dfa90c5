from typing import Literal

CreateCashoutResponse201CashoutStatus = Literal[
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
]

CREATE_CASHOUT_RESPONSE_201_CASHOUT_STATUS_VALUES: set[
    CreateCashoutResponse201CashoutStatus
] = {
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
}


def check_create_cashout_response_201_cashout_status(
    value: str,
) -> CreateCashoutResponse201CashoutStatus:
    if value in CREATE_CASHOUT_RESPONSE_201_CASHOUT_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_CASHOUT_RESPONSE_201_CASHOUT_STATUS_VALUES!r}"
    )
