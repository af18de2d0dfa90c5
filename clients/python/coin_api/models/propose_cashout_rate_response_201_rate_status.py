from typing import Literal

ProposeCashoutRateResponse201RateStatus = Literal[
    "APPROVED", "EXPIRED", "PROPOSED", "REJECTED"
]

PROPOSE_CASHOUT_RATE_RESPONSE_201_RATE_STATUS_VALUES: set[
    ProposeCashoutRateResponse201RateStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PROPOSED",
    "REJECTED",
}


def check_propose_cashout_rate_response_201_rate_status(
    value: str,
) -> ProposeCashoutRateResponse201RateStatus:
    if value in PROPOSE_CASHOUT_RATE_RESPONSE_201_RATE_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PROPOSE_CASHOUT_RATE_RESPONSE_201_RATE_STATUS_VALUES!r}"
    )
