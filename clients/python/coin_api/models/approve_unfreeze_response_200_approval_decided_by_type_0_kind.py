from typing import Literal

ApproveUnfreezeResponse200ApprovalDecidedByType0Kind = Literal[
    "operator", "service", "system", "user"
]

APPROVE_UNFREEZE_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    ApproveUnfreezeResponse200ApprovalDecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_approve_unfreeze_response_200_approval_decided_by_type_0_kind(
    value: str,
) -> ApproveUnfreezeResponse200ApprovalDecidedByType0Kind:
    if value in APPROVE_UNFREEZE_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_UNFREEZE_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
