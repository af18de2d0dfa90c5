from typing import Literal

GetBalanceMonitorCoinVersion = Literal["3.0.0", "3.1.0"]

GET_BALANCE_MONITOR_COIN_VERSION_VALUES: set[GetBalanceMonitorCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_balance_monitor_coin_version(value: str) -> GetBalanceMonitorCoinVersion:
    if value in GET_BALANCE_MONITOR_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_BALANCE_MONITOR_COIN_VERSION_VALUES!r}"
    )
