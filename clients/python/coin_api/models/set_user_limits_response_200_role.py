from typing import Literal

SetUserLimitsResponse200Role = Literal["ADMIN", "DEVELOPER", "SUPERADMIN", "USER"]

SET_USER_LIMITS_RESPONSE_200_ROLE_VALUES: set[SetUserLimitsResponse200Role] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_set_user_limits_response_200_role(value: str) -> SetUserLimitsResponse200Role:
    if value in SET_USER_LIMITS_RESPONSE_200_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SET_USER_LIMITS_RESPONSE_200_ROLE_VALUES!r}"
    )
