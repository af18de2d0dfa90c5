from typing import Literal

GrantRequestDecidedByType0Role = Literal["ADMIN", "DEVELOPER", "SUPERADMIN", "USER"]

GRANT_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES: set[GrantRequestDecidedByType0Role] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_grant_request_decided_by_type_0_role(
    value: str,
) -> GrantRequestDecidedByType0Role:
    if value in GRANT_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GRANT_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
