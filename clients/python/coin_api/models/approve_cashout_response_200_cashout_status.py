from typing import Literal

ApproveCashoutResponse200CashoutStatus = Literal[
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
]

APPROVE_CASHOUT_RESPONSE_200_CASHOUT_STATUS_VALUES: set[
    ApproveCashoutResponse200CashoutStatus
] = {
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
}


def check_approve_cashout_response_200_cashout_status(
    value: str,
) -> ApproveCashoutResponse200CashoutStatus:
    if value in APPROVE_CASHOUT_RESPONSE_200_CASHOUT_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_CASHOUT_RESPONSE_200_CASHOUT_STATUS_VALUES!r}"
    )
