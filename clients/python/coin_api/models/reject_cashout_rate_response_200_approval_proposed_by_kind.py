from typing import Literal

RejectCashoutRateResponse200ApprovalProposedByKind = Literal["operator", "user"]

REJECT_CASHOUT_RATE_RESPONSE_200_APPROVAL_PROPOSED_BY_KIND_VALUES: set[
    RejectCashoutRateResponse200ApprovalProposedByKind
] = {
    "operator",
    "user",
}


def check_reject_cashout_rate_response_200_approval_proposed_by_kind(
    value: str,
) -> RejectCashoutRateResponse200ApprovalProposedByKind:
    if value in REJECT_CASHOUT_RATE_RESPONSE_200_APPROVAL_PROPOSED_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_CASHOUT_RATE_RESPONSE_200_APPROVAL_PROPOSED_BY_KIND_VALUES!r}"
    )
