from typing import Literal

ApproveCashoutReversalResponse200CashoutStatus = Literal[
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
]

APPROVE_CASHOUT_REVERSAL_RESPONSE_200_CASHOUT_STATUS_VALUES: set[
    ApproveCashoutReversalResponse200CashoutStatus
] = {
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
}


def check_approve_cashout_reversal_response_200_cashout_status(
    value: str,
) -> ApproveCashoutReversalResponse200CashoutStatus:
    if value in APPROVE_CASHOUT_REVERSAL_RESPONSE_200_CASHOUT_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_CASHOUT_REVERSAL_RESPONSE_200_CASHOUT_STATUS_VALUES!r}"
    )
