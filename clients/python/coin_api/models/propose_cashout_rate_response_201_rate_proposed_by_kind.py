from typing import Literal

ProposeCashoutRateResponse201RateProposedByKind = Literal["operator", "user"]

PROPOSE_CASHOUT_RATE_RESPONSE_201_RATE_PROPOSED_BY_KIND_VALUES: set[
    ProposeCashoutRateResponse201RateProposedByKind
] = {
    "operator",
    "user",
}


def check_propose_cashout_rate_response_201_rate_proposed_by_kind(
    value: str,
) -> ProposeCashoutRateResponse201RateProposedByKind:
    if value in PROPOSE_CASHOUT_RATE_RESPONSE_201_RATE_PROPOSED_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PROPOSE_CASHOUT_RATE_RESPONSE_201_RATE_PROPOSED_BY_KIND_VALUES!r}"
    )
