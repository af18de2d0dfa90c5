from typing import Literal

ApprovalRequestedByRole = Literal["ADMIN", "DEVELOPER", "SUPERADMIN", "USER"]

APPROVAL_REQUESTED_BY_ROLE_VALUES: set[ApprovalRequestedByRole] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_approval_requested_by_role(value: str) -> ApprovalRequestedByRole:
    if value in APPROVAL_REQUESTED_BY_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVAL_REQUESTED_BY_ROLE_VALUES!r}"
    )
