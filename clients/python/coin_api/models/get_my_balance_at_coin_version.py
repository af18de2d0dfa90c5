from typing import Literal

GetMyBalanceAtCoinVersion = Literal["3.0.0", "3.1.0"]

GET_MY_BALANCE_AT_COIN_VERSION_VALUES: set[GetMyBalanceAtCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_my_balance_at_coin_version(value: str) -> GetMyBalanceAtCoinVersion:
    if value in GET_MY_BALANCE_AT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_MY_BALANCE_AT_COIN_VERSION_VALUES!r}"
    )
