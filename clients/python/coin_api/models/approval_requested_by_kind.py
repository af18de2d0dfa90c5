from typing import Literal

ApprovalRequestedByKind = Literal["operator", "service", "system", "user"]

APPROVAL_REQUESTED_BY_KIND_VALUES: set[ApprovalRequestedByKind] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_approval_requested_by_kind(value: str) -> ApprovalRequestedByKind:
    if value in APPROVAL_REQUESTED_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVAL_REQUESTED_BY_KIND_VALUES!r}"
    )
