from typing import Literal

RejectUnfreezeResponse200ApprovalDecidedByType0Kind = Literal[
    "operator", "service", "system", "user"
]

REJECT_UNFREEZE_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    RejectUnfreezeResponse200ApprovalDecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_reject_unfreeze_response_200_approval_decided_by_type_0_kind(
    value: str,
) -> RejectUnfreezeResponse200ApprovalDecidedByType0Kind:
    if value in REJECT_UNFREEZE_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_UNFREEZE_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
