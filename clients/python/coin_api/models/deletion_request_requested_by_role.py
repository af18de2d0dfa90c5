from typing import Literal

DeletionRequestRequestedByRole = Literal["ADMIN", "DEVELOPER", "SUPERADMIN", "USER"]

DELETION_REQUEST_REQUESTED_BY_ROLE_VALUES: set[DeletionRequestRequestedByRole] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_deletion_request_requested_by_role(
    value: str,
) -> DeletionRequestRequestedByRole:
    if value in DELETION_REQUEST_REQUESTED_BY_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETION_REQUEST_REQUESTED_BY_ROLE_VALUES!r}"
    )
