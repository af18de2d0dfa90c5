from typing import Literal

ApproveUnfreezeResponse200ApprovalRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

APPROVE_UNFREEZE_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES: set[
    ApproveUnfreezeResponse200ApprovalRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_approve_unfreeze_response_200_approval_requested_by_kind(
    value: str,
) -> ApproveUnfreezeResponse200ApprovalRequestedByKind:
    if value in APPROVE_UNFREEZE_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_UNFREEZE_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES!r}"
    )
