from typing import Literal

GetTreasuryDailyBalancesCoinVersion = Literal["3.0.0", "3.1.0"]

GET_TREASURY_DAILY_BALANCES_COIN_VERSION_VALUES: set[
    GetTreasuryDailyBalancesCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_get_treasury_daily_balances_coin_version(
    value: str,
) -> GetTreasuryDailyBalancesCoinVersion:
    if value in GET_TREASURY_DAILY_BALANCES_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_TREASURY_DAILY_BALANCES_COIN_VERSION_VALUES!r}"
    )
