from typing import Literal

CreateClientBalanceMonitorBodyDirection = Literal["both", "down", "up"]

CREATE_CLIENT_BALANCE_MONITOR_BODY_DIRECTION_VALUES: set[
    CreateClientBalanceMonitorBodyDirection
] = {
    "both",
    "down",
    "up",
}


def check_create_client_balance_monitor_body_direction(
    value: str,
) -> CreateClientBalanceMonitorBodyDirection:
    if value in CREATE_CLIENT_BALANCE_MONITOR_BODY_DIRECTION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_CLIENT_BALANCE_MONITOR_BODY_DIRECTION_VALUES!r}"
    )
