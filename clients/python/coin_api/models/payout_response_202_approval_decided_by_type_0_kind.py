from typing import Literal

PayoutResponse202ApprovalDecidedByType0Kind = Literal[
    "operator", "service", "system", "user"
]

PAYOUT_RESPONSE_202_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    PayoutResponse202ApprovalDecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_payout_response_202_approval_decided_by_type_0_kind(
    value: str,
) -> PayoutResponse202ApprovalDecidedByType0Kind:
    if value in PAYOUT_RESPONSE_202_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PAYOUT_RESPONSE_202_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
