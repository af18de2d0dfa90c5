from typing import Literal

ListClientBalanceMonitorsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_CLIENT_BALANCE_MONITORS_COIN_VERSION_VALUES: set[
    ListClientBalanceMonitorsCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_list_client_balance_monitors_coin_version(
    value: str,
) -> ListClientBalanceMonitorsCoinVersion:
    if value in LIST_CLIENT_BALANCE_MONITORS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CLIENT_BALANCE_MONITORS_COIN_VERSION_VALUES!r}"
    )
