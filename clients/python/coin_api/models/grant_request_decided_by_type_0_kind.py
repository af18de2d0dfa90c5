from typing import Literal

GrantRequestDecidedByType0Kind = Literal["operator", "service", "system", "user"]

GRANT_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES: set[GrantRequestDecidedByType0Kind] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_grant_request_decided_by_type_0_kind(
    value: str,
) -> GrantRequestDecidedByType0Kind:
    if value in GRANT_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GRANT_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
