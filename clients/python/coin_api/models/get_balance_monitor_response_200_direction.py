from typing import Literal

GetBalanceMonitorResponse200Direction = Literal["both", "down", "up"]

GET_BALANCE_MONITOR_RESPONSE_200_DIRECTION_VALUES: set[
    GetBalanceMonitorResponse200Direction
] = {
    "both",
    "down",
    "up",
}


def check_get_balance_monitor_response_200_direction(
    value: str,
) -> GetBalanceMonitorResponse200Direction:
    if value in GET_BALANCE_MONITOR_RESPONSE_200_DIRECTION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_BALANCE_MONITOR_RESPONSE_200_DIRECTION_VALUES!r}"
    )
