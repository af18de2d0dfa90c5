from typing import Literal

GetUserLimitsResponse200Role = Literal["ADMIN", "DEVELOPER", "SUPERADMIN", "USER"]

GET_USER_LIMITS_RESPONSE_200_ROLE_VALUES: set[GetUserLimitsResponse200Role] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_get_user_limits_response_200_role(value: str) -> GetUserLimitsResponse200Role:
    if value in GET_USER_LIMITS_RESPONSE_200_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_USER_LIMITS_RESPONSE_200_ROLE_VALUES!r}"
    )
