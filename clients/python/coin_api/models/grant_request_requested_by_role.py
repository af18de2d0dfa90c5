from typing import Literal

GrantRequestRequestedByRole = Literal["ADMIN", "DEVELOPER", "SUPERADMIN", "USER"]

GRANT_REQUEST_REQUESTED_BY_ROLE_VALUES: set[GrantRequestRequestedByRole] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_grant_request_requested_by_role(value: str) -> GrantRequestRequestedByRole:
    if value in GRANT_REQUEST_REQUESTED_BY_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GRANT_REQUEST_REQUESTED_BY_ROLE_VALUES!r}"
    )
