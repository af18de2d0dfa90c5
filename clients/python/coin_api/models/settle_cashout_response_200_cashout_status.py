from typing import Literal

SettleCashoutResponse200CashoutStatus = Literal[
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
]

SETTLE_CASHOUT_RESPONSE_200_CASHOUT_STATUS_VALUES: set[
    SettleCashoutResponse200CashoutStatus
] = {
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
}


def check_settle_cashout_response_200_cashout_status(
    value: str,
) -> SettleCashoutResponse200CashoutStatus:
    if value in SETTLE_CASHOUT_RESPONSE_200_CASHOUT_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SETTLE_CASHOUT_RESPONSE_200_CASHOUT_STATUS_VALUES!r}"
    )
