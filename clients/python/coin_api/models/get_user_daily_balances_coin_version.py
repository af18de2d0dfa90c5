from typing import Literal

GetUserDailyBalancesCoinVersion = Literal["3.0.0", "3.1.0"]

GET_USER_DAILY_BALANCES_COIN_VERSION_VALUES: set[GetUserDailyBalancesCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_user_daily_balances_coin_version(
    value: str,
) -> GetUserDailyBalancesCoinVersion:
    if value in GET_USER_DAILY_BALANCES_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_USER_DAILY_BALANCES_COIN_VERSION_VALUES!r}"
    )
