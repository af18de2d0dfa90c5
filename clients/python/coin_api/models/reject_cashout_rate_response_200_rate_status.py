from typing import Literal

RejectCashoutRateResponse200RateStatus = Literal[
    "APPROVED", "EXPIRED", "PROPOSED", "REJECTED"
]

REJECT_CASHOUT_RATE_RESPONSE_200_RATE_STATUS_VALUES: set[
    RejectCashoutRateResponse200RateStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PROPOSED",
    "REJECTED",
}


def check_reject_cashout_rate_response_200_rate_status(
    value: str,
) -> RejectCashoutRateResponse200RateStatus:
    if value in REJECT_CASHOUT_RATE_RESPONSE_200_RATE_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_CASHOUT_RATE_RESPONSE_200_RATE_STATUS_VALUES!r}"
    )
