from typing import Literal

DeleteBalanceMonitorCoinVersion = Literal["3.0.0", "3.1.0"]

DELETE_BALANCE_MONITOR_COIN_VERSION_VALUES: set[DeleteBalanceMonitorCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_delete_balance_monitor_coin_version(
    value: str,
) -> DeleteBalanceMonitorCoinVersion:
    if value in DELETE_BALANCE_MONITOR_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_BALANCE_MONITOR_COIN_VERSION_VALUES!r}"
    )
