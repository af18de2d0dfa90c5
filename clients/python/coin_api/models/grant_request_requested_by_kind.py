from typing import Literal

GrantRequestRequestedByKind = Literal["operator", "service", "system", "user"]

GRANT_REQUEST_REQUESTED_BY_KIND_VALUES: set[GrantRequestRequestedByKind] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_grant_request_requested_by_kind(value: str) -> GrantRequestRequestedByKind:
    if value in GRANT_REQUEST_REQUESTED_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GRANT_REQUEST_REQUESTED_BY_KIND_VALUES!r}"
    )
