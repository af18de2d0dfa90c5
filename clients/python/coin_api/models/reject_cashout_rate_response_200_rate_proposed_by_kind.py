from typing import Literal

RejectCashoutRateResponse200RateProposedByKind = Literal["operator", "user"]

REJECT_CASHOUT_RATE_RESPONSE_200_RATE_PROPOSED_BY_KIND_VALUES: set[
    RejectCashoutRateResponse200RateProposedByKind
] = {
    "operator",
    "user",
}


def check_reject_cashout_rate_response_200_rate_proposed_by_kind(
    value: str,
) -> RejectCashoutRateResponse200RateProposedByKind:
    if value in REJECT_CASHOUT_RATE_RESPONSE_200_RATE_PROPOSED_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_CASHOUT_RATE_RESPONSE_200_RATE_PROPOSED_BY_KIND_VALUES!r}"
    )
