from typing import Literal

CreateCashoutCoinVersion = Literal["3.0.0", "3.1.0"]

CREATE_CASHOUT_COIN_VERSION_VALUES: set[CreateCashoutCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_create_cashout_coin_version(value: str) -> CreateCashoutCoinVersion:
    if value in CREATE_CASHOUT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_CASHOUT_COIN_VERSION_VALUES!r}"
    )
