from typing import Literal

PayoutCoinVersion = Literal["3.0.0", "3.1.0"]

PAYOUT_COIN_VERSION_VALUES: set[PayoutCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_payout_coin_version(value: str) -> PayoutCoinVersion:
    if value in PAYOUT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PAYOUT_COIN_VERSION_VALUES!r}"
    )
