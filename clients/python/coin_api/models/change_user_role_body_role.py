from typing import Literal

ChangeUserRoleBodyRole = Literal["ADMIN", "DEVELOPER", "SUPERADMIN", "USER"]

CHANGE_USER_ROLE_BODY_ROLE_VALUES: set[ChangeUserRoleBodyRole] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_change_user_role_body_role(value: str) -> ChangeUserRoleBodyRole:
    if value in CHANGE_USER_ROLE_BODY_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CHANGE_USER_ROLE_BODY_ROLE_VALUES!r}"
    )
