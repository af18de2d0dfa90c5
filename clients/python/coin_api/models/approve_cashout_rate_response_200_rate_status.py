from typing import Literal

ApproveCashoutRateResponse200RateStatus = Literal[
    "APPROVED", "EXPIRED", "PROPOSED", "REJECTED"
]

APPROVE_CASHOUT_RATE_RESPONSE_200_RATE_STATUS_VALUES: set[
    ApproveCashoutRateResponse200RateStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PROPOSED",
    "REJECTED",
}


def check_approve_cashout_rate_response_200_rate_status(
    value: str,
) -> ApproveCashoutRateResponse200RateStatus:
    if value in APPROVE_CASHOUT_RATE_RESPONSE_200_RATE_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_CASHOUT_RATE_RESPONSE_200_RATE_STATUS_VALUES!r}"
    )
