from typing import Literal

CreateClientBalanceMonitorCoinVersion = Literal["3.0.0", "3.1.0"]

CREATE_CLIENT_BALANCE_MONITOR_COIN_VERSION_VALUES: set[
    CreateClientBalanceMonitorCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_create_client_balance_monitor_coin_version(
    value: str,
) -> CreateClientBalanceMonitorCoinVersion:
    if value in CREATE_CLIENT_BALANCE_MONITOR_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_CLIENT_BALANCE_MONITOR_COIN_VERSION_VALUES!r}"
    )
