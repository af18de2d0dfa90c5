from typing import Literal

ApproveCashoutRateResponse200ApprovalDecidedByType0Kind = Literal["operator", "user"]

APPROVE_CASHOUT_RATE_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    ApproveCashoutRateResponse200ApprovalDecidedByType0Kind
] = {
    "operator",
    "user",
}


def check_approve_cashout_rate_response_200_approval_decided_by_type_0_kind(
    value: str,
) -> ApproveCashoutRateResponse200ApprovalDecidedByType0Kind:
    if (
        value
        in APPROVE_CASHOUT_RATE_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_CASHOUT_RATE_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
