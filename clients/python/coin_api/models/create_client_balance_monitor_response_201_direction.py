from typing import Literal

CreateClientBalanceMonitorResponse201Direction = Literal["both", "down", "up"]

CREATE_CLIENT_BALANCE_MONITOR_RESPONSE_201_DIRECTION_VALUES: set[
    CreateClientBalanceMonitorResponse201Direction
] = {
    "both",
    "down",
    "up",
}


def check_create_client_balance_monitor_response_201_direction(
    value: str,
) -> CreateClientBalanceMonitorResponse201Direction:
    if value in CREATE_CLIENT_BALANCE_MONITOR_RESPONSE_201_DIRECTION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_CLIENT_BALANCE_MONITOR_RESPONSE_201_DIRECTION_VALUES!r}"
    )
