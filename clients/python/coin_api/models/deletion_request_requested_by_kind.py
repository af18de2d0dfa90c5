from typing import Literal

DeletionRequestRequestedByKind = Literal["operator", "service", "system", "user"]

DELETION_REQUEST_REQUESTED_BY_KIND_VALUES: set[DeletionRequestRequestedByKind] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_deletion_request_requested_by_kind(
    value: str,
) -> DeletionRequestRequestedByKind:
    if value in DELETION_REQUEST_REQUESTED_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETION_REQUEST_REQUESTED_BY_KIND_VALUES!r}"
    )
