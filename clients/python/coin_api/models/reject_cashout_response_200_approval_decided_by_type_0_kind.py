from typing import Literal

RejectCashoutResponse200ApprovalDecidedByType0Kind = Literal[
    "operator", "service", "system", "user"
]

REJECT_CASHOUT_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    RejectCashoutResponse200ApprovalDecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_reject_cashout_response_200_approval_decided_by_type_0_kind(
    value: str,
) -> RejectCashoutResponse200ApprovalDecidedByType0Kind:
    if value in REJECT_CASHOUT_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_CASHOUT_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
