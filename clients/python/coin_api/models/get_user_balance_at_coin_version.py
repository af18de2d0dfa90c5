from typing import Literal

GetUserBalanceAtCoinVersion = Literal["3.0.0", "3.1.0"]

GET_USER_BALANCE_AT_COIN_VERSION_VALUES: set[GetUserBalanceAtCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_user_balance_at_coin_version(value: str) -> GetUserBalanceAtCoinVersion:
    if value in GET_USER_BALANCE_AT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_USER_BALANCE_AT_COIN_VERSION_VALUES!r}"
    )
