from typing import Literal

GetTreasuryBalanceAtCoinVersion = Literal["3.0.0", "3.1.0"]

GET_TREASURY_BALANCE_AT_COIN_VERSION_VALUES: set[GetTreasuryBalanceAtCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_treasury_balance_at_coin_version(
    value: str,
) -> GetTreasuryBalanceAtCoinVersion:
    if value in GET_TREASURY_BALANCE_AT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_TREASURY_BALANCE_AT_COIN_VERSION_VALUES!r}"
    )
