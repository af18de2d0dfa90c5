from typing import Literal

GetPlatformClientBalanceMonitorResponse200Direction = Literal["both", "down", "up"]

GET_PLATFORM_CLIENT_BALANCE_MONITOR_RESPONSE_200_DIRECTION_VALUES: set[
    GetPlatformClientBalanceMonitorResponse200Direction
] = {
    "both",
    "down",
    "up",
}


def check_get_platform_client_balance_monitor_response_200_direction(
    value: str,
) -> GetPlatformClientBalanceMonitorResponse200Direction:
    if value in GET_PLATFORM_CLIENT_BALANCE_MONITOR_RESPONSE_200_DIRECTION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_PLATFORM_CLIENT_BALANCE_MONITOR_RESPONSE_200_DIRECTION_VALUES!r}"
    )
