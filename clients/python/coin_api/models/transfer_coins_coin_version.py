from typing import Literal

TransferCoinsCoinVersion = Literal["3.0.0", "3.1.0"]

TRANSFER_COINS_COIN_VERSION_VALUES: set[TransferCoinsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_transfer_coins_coin_version(value: str) -> TransferCoinsCoinVersion:
    if value in TRANSFER_COINS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {TRANSFER_COINS_COIN_VERSION_VALUES!r}"
    )
