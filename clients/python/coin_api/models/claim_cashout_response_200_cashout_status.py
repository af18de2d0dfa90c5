from typing import Literal

ClaimCashoutResponse200CashoutStatus = Literal[
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
]

CLAIM_CASHOUT_RESPONSE_200_CASHOUT_STATUS_VALUES: set[
    ClaimCashoutResponse200CashoutStatus
] = {
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
}


def check_claim_cashout_response_200_cashout_status(
    value: str,
) -> ClaimCashoutResponse200CashoutStatus:
    if value in CLAIM_CASHOUT_RESPONSE_200_CASHOUT_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CLAIM_CASHOUT_RESPONSE_200_CASHOUT_STATUS_VALUES!r}"
    )
