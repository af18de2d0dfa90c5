from typing import Literal

GetUserResponse200Role = Literal["ADMIN", "DEVELOPER", "SUPERADMIN", "USER"]

GET_USER_RESPONSE_200_ROLE_VALUES: set[GetUserResponse200Role] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_get_user_response_200_role(value: str) -> GetUserResponse200Role:
    if value in GET_USER_RESPONSE_200_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_USER_RESPONSE_200_ROLE_VALUES!r}"
    )
