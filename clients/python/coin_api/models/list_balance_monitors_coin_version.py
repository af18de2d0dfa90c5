from typing import Literal

ListBalanceMonitorsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_BALANCE_MONITORS_COIN_VERSION_VALUES: set[ListBalanceMonitorsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_balance_monitors_coin_version(
    value: str,
) -> ListBalanceMonitorsCoinVersion:
    if value in LIST_BALANCE_MONITORS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_BALANCE_MONITORS_COIN_VERSION_VALUES!r}"
    )
