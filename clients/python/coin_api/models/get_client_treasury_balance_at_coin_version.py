from typing import Literal

GetClientTreasuryBalanceAtCoinVersion = Literal["3.0.0", "3.1.0"]

GET_CLIENT_TREASURY_BALANCE_AT_COIN_VERSION_VALUES: set[
    GetClientTreasuryBalanceAtCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_get_client_treasury_balance_at_coin_version(
    value: str,
) -> GetClientTreasuryBalanceAtCoinVersion:
    if value in GET_CLIENT_TREASURY_BALANCE_AT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_CLIENT_TREASURY_BALANCE_AT_COIN_VERSION_VALUES!r}"
    )
