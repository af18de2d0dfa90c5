from typing import Literal

GetClientBalanceMonitorResponse200Direction = Literal["both", "down", "up"]

GET_CLIENT_BALANCE_MONITOR_RESPONSE_200_DIRECTION_VALUES: set[
    GetClientBalanceMonitorResponse200Direction
] = {
    "both",
    "down",
    "up",
}


def check_get_client_balance_monitor_response_200_direction(
    value: str,
) -> GetClientBalanceMonitorResponse200Direction:
    if value in GET_CLIENT_BALANCE_MONITOR_RESPONSE_200_DIRECTION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_CLIENT_BALANCE_MONITOR_RESPONSE_200_DIRECTION_VALUES!r}"
    )
