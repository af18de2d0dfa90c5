from typing import Literal

GetClientBalanceMonitorCoinVersion = Literal["3.0.0", "3.1.0"]

GET_CLIENT_BALANCE_MONITOR_COIN_VERSION_VALUES: set[
    GetClientBalanceMonitorCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_get_client_balance_monitor_coin_version(
    value: str,
) -> GetClientBalanceMonitorCoinVersion:
    if value in GET_CLIENT_BALANCE_MONITOR_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_CLIENT_BALANCE_MONITOR_COIN_VERSION_VALUES!r}"
    )
