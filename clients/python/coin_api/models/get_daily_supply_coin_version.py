from typing import Literal

GetDailySupplyCoinVersion = Literal["3.0.0", "3.1.0"]

GET_DAILY_SUPPLY_COIN_VERSION_VALUES: set[GetDailySupplyCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_daily_supply_coin_version(value: str) -> GetDailySupplyCoinVersion:
    if value in GET_DAILY_SUPPLY_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_DAILY_SUPPLY_COIN_VERSION_VALUES!r}"
    )
