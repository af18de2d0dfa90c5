from typing import Literal

DeletionRequestDecidedByType0Role = Literal["ADMIN", "DEVELOPER", "SUPERADMIN", "USER"]

DELETION_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    DeletionRequestDecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_deletion_request_decided_by_type_0_role(
    value: str,
) -> DeletionRequestDecidedByType0Role:
    if value in DELETION_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETION_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
