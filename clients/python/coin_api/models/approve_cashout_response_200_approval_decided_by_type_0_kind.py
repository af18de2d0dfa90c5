from typing import Literal

ApproveCashoutResponse200ApprovalDecidedByType0Kind = Literal[
    "operator", "service", "system", "user"
]

APPROVE_CASHOUT_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    ApproveCashoutResponse200ApprovalDecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_approve_cashout_response_200_approval_decided_by_type_0_kind(
    value: str,
) -> ApproveCashoutResponse200ApprovalDecidedByType0Kind:
    if value in APPROVE_CASHOUT_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_CASHOUT_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
