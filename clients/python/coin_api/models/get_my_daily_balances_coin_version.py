from typing import Literal

GetMyDailyBalancesCoinVersion = Literal["3.0.0", "3.1.0"]

GET_MY_DAILY_BALANCES_COIN_VERSION_VALUES: set[GetMyDailyBalancesCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_my_daily_balances_coin_version(
    value: str,
) -> GetMyDailyBalancesCoinVersion:
    if value in GET_MY_DAILY_BALANCES_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_MY_DAILY_BALANCES_COIN_VERSION_VALUES!r}"
    )
