from typing import Literal

GetUserLimitsResponse200UsageWindowHours = Literal[24]

GET_USER_LIMITS_RESPONSE_200_USAGE_WINDOW_HOURS_VALUES: set[
    GetUserLimitsResponse200UsageWindowHours
] = {
    24,
}


def check_get_user_limits_response_200_usage_window_hours(
    value: int,
) -> GetUserLimitsResponse200UsageWindowHours:
    if value in GET_USER_LIMITS_RESPONSE_200_USAGE_WINDOW_HOURS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_USER_LIMITS_RESPONSE_200_USAGE_WINDOW_HOURS_VALUES!r}"
    )
