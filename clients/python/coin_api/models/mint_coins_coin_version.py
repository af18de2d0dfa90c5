from typing import Literal

MintCoinsCoinVersion = Literal["3.0.0", "3.1.0"]

MINT_COINS_COIN_VERSION_VALUES: set[MintCoinsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_mint_coins_coin_version(value: str) -> MintCoinsCoinVersion:
    if value in MINT_COINS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {MINT_COINS_COIN_VERSION_VALUES!r}"
    )
