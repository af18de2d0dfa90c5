from typing import Literal

ListUsersRole = Literal["ADMIN", "DEVELOPER", "SUPERADMIN", "USER"]

LIST_USERS_ROLE_VALUES: set[ListUsersRole] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_list_users_role(value: str) -> ListUsersRole:
    if value in LIST_USERS_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_USERS_ROLE_VALUES!r}"
    )
