from typing import Literal

ApproveCashoutRateResponse200ApprovalProposedByKind = Literal["operator", "user"]

APPROVE_CASHOUT_RATE_RESPONSE_200_APPROVAL_PROPOSED_BY_KIND_VALUES: set[
    ApproveCashoutRateResponse200ApprovalProposedByKind
] = {
    "operator",
    "user",
}


def check_approve_cashout_rate_response_200_approval_proposed_by_kind(
    value: str,
) -> ApproveCashoutRateResponse200ApprovalProposedByKind:
    if value in APPROVE_CASHOUT_RATE_RESPONSE_200_APPROVAL_PROPOSED_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_CASHOUT_RATE_RESPONSE_200_APPROVAL_PROPOSED_BY_KIND_VALUES!r}"
    )
