from typing import Literal

CreateBalanceMonitorCoinVersion = Literal["3.0.0", "3.1.0"]

CREATE_BALANCE_MONITOR_COIN_VERSION_VALUES: set[CreateBalanceMonitorCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_create_balance_monitor_coin_version(
    value: str,
) -> CreateBalanceMonitorCoinVersion:
    if value in CREATE_BALANCE_MONITOR_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_BALANCE_MONITOR_COIN_VERSION_VALUES!r}"
    )
