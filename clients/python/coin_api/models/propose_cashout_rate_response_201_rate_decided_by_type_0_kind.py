from typing import Literal

ProposeCashoutRateResponse201RateDecidedByType0Kind = Literal["operator", "user"]

PROPOSE_CASHOUT_RATE_RESPONSE_201_RATE_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    ProposeCashoutRateResponse201RateDecidedByType0Kind
] = {
    "operator",
    "user",
}


def check_propose_cashout_rate_response_201_rate_decided_by_type_0_kind(
    value: str,
) -> ProposeCashoutRateResponse201RateDecidedByType0Kind:
    if value in PROPOSE_CASHOUT_RATE_RESPONSE_201_RATE_DECIDED_BY_TYPE_0_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PROPOSE_CASHOUT_RATE_RESPONSE_201_RATE_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
