from typing import Literal

DeleteClientBalanceMonitorCoinVersion = Literal["3.0.0", "3.1.0"]

DELETE_CLIENT_BALANCE_MONITOR_COIN_VERSION_VALUES: set[
    DeleteClientBalanceMonitorCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_delete_client_balance_monitor_coin_version(
    value: str,
) -> DeleteClientBalanceMonitorCoinVersion:
    if value in DELETE_CLIENT_BALANCE_MONITOR_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_CLIENT_BALANCE_MONITOR_COIN_VERSION_VALUES!r}"
    )
