from typing import Literal

UserRole = Literal["ADMIN", "DEVELOPER", "SUPERADMIN", "USER"]

USER_ROLE_VALUES: set[UserRole] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_user_role(value: str) -> UserRole:
    if value in USER_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {USER_ROLE_VALUES!r}")
