from typing import Literal

BurnCoinsCoinVersion = Literal["3.0.0", "3.1.0"]

BURN_COINS_COIN_VERSION_VALUES: set[BurnCoinsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_burn_coins_coin_version(value: str) -> BurnCoinsCoinVersion:
    if value in BURN_COINS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {BURN_COINS_COIN_VERSION_VALUES!r}"
    )
