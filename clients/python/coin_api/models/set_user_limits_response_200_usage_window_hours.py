from typing import Literal

SetUserLimitsResponse200UsageWindowHours = Literal[24]

SET_USER_LIMITS_RESPONSE_200_USAGE_WINDOW_HOURS_VALUES: set[
    SetUserLimitsResponse200UsageWindowHours
] = {
    24,
}


def check_set_user_limits_response_200_usage_window_hours(
    value: int,
) -> SetUserLimitsResponse200UsageWindowHours:
    if value in SET_USER_LIMITS_RESPONSE_200_USAGE_WINDOW_HOURS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SET_USER_LIMITS_RESPONSE_200_USAGE_WINDOW_HOURS_VALUES!r}"
    )
