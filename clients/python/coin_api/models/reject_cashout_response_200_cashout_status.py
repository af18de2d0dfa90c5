from typing import Literal

RejectCashoutResponse200CashoutStatus = Literal[
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
]

REJECT_CASHOUT_RESPONSE_200_CASHOUT_STATUS_VALUES: set[
    RejectCashoutResponse200CashoutStatus
] = {
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
}


def check_reject_cashout_response_200_cashout_status(
    value: str,
) -> RejectCashoutResponse200CashoutStatus:
    if value in REJECT_CASHOUT_RESPONSE_200_CASHOUT_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_CASHOUT_RESPONSE_200_CASHOUT_STATUS_VALUES!r}"
    )
