from typing import Literal

CreateBalanceMonitorBodyDirection = Literal["both", "down", "up"]

CREATE_BALANCE_MONITOR_BODY_DIRECTION_VALUES: set[CreateBalanceMonitorBodyDirection] = {
    "both",
    "down",
    "up",
}


def check_create_balance_monitor_body_direction(
    value: str,
) -> CreateBalanceMonitorBodyDirection:
    if value in CREATE_BALANCE_MONITOR_BODY_DIRECTION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_BALANCE_MONITOR_BODY_DIRECTION_VALUES!r}"
    )
