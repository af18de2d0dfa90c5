from typing import Literal

GetPlatformClientBalanceMonitorCoinVersion = Literal["3.0.0", "3.1.0"]

GET_PLATFORM_CLIENT_BALANCE_MONITOR_COIN_VERSION_VALUES: set[
    GetPlatformClientBalanceMonitorCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_get_platform_client_balance_monitor_coin_version(
    value: str,
) -> GetPlatformClientBalanceMonitorCoinVersion:
    if value in GET_PLATFORM_CLIENT_BALANCE_MONITOR_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_PLATFORM_CLIENT_BALANCE_MONITOR_COIN_VERSION_VALUES!r}"
    )
