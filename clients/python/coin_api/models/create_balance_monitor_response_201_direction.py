from typing import Literal

CreateBalanceMonitorResponse201Direction = Literal["both", "down", "up"]

CREATE_BALANCE_MONITOR_RESPONSE_201_DIRECTION_VALUES: set[
    CreateBalanceMonitorResponse201Direction
] = {
    "both",
    "down",
    "up",
}


def check_create_balance_monitor_response_201_direction(
    value: str,
) -> CreateBalanceMonitorResponse201Direction:
    if value in CREATE_BALANCE_MONITOR_RESPONSE_201_DIRECTION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_BALANCE_MONITOR_RESPONSE_201_DIRECTION_VALUES!r}"
    )
