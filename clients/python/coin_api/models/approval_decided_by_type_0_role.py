from typing import Literal

ApprovalDecidedByType0Role = Literal["ADMIN", "DEVELOPER", "SUPERADMIN", "USER"]

APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES: set[ApprovalDecidedByType0Role] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_approval_decided_by_type_0_role(value: str) -> ApprovalDecidedByType0Role:
    if value in APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
