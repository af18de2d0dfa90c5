from typing import Literal

ChangeUserRoleResponse200UserRole = Literal["ADMIN", "DEVELOPER", "SUPERADMIN", "USER"]

CHANGE_USER_ROLE_RESPONSE_200_USER_ROLE_VALUES: set[
    ChangeUserRoleResponse200UserRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_change_user_role_response_200_user_role(
    value: str,
) -> ChangeUserRoleResponse200UserRole:
    if value in CHANGE_USER_ROLE_RESPONSE_200_USER_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CHANGE_USER_ROLE_RESPONSE_200_USER_ROLE_VALUES!r}"
    )
