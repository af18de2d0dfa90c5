from typing import Literal

ApprovalDecidedByType0Kind = Literal["operator", "service", "system", "user"]

APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES: set[ApprovalDecidedByType0Kind] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_approval_decided_by_type_0_kind(value: str) -> ApprovalDecidedByType0Kind:
    if value in APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
