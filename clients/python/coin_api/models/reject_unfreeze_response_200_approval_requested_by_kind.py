from typing import Literal

RejectUnfreezeResponse200ApprovalRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

REJECT_UNFREEZE_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES: set[
    RejectUnfreezeResponse200ApprovalRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_reject_unfreeze_response_200_approval_requested_by_kind(
    value: str,
) -> RejectUnfreezeResponse200ApprovalRequestedByKind:
    if value in REJECT_UNFREEZE_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_UNFREEZE_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES!r}"
    )
