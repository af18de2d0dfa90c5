from typing import Literal

ApproveCashoutRateResponse200RateProposedByKind = Literal["operator", "user"]

APPROVE_CASHOUT_RATE_RESPONSE_200_RATE_PROPOSED_BY_KIND_VALUES: set[
    ApproveCashoutRateResponse200RateProposedByKind
] = {
    "operator",
    "user",
}


def check_approve_cashout_rate_response_200_rate_proposed_by_kind(
    value: str,
) -> ApproveCashoutRateResponse200RateProposedByKind:
    if value in APPROVE_CASHOUT_RATE_RESPONSE_200_RATE_PROPOSED_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_CASHOUT_RATE_RESPONSE_200_RATE_PROPOSED_BY_KIND_VALUES!r}"
    )
