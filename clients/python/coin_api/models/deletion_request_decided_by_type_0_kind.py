from typing import Literal

DeletionRequestDecidedByType0Kind = Literal["operator", "service", "system", "user"]

DELETION_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    DeletionRequestDecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_deletion_request_decided_by_type_0_kind(
    value: str,
) -> DeletionRequestDecidedByType0Kind:
    if value in DELETION_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETION_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
