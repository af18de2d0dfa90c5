from typing import Literal

RejectCashoutRateResponse200ApprovalDecidedByType0Kind = Literal["operator", "user"]

REJECT_CASHOUT_RATE_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    RejectCashoutRateResponse200ApprovalDecidedByType0Kind
] = {
    "operator",
    "user",
}


def check_reject_cashout_rate_response_200_approval_decided_by_type_0_kind(
    value: str,
) -> RejectCashoutRateResponse200ApprovalDecidedByType0Kind:
    if value in REJECT_CASHOUT_RATE_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_CASHOUT_RATE_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
