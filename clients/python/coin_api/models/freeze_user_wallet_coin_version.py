from typing import Literal

FreezeUserWalletCoinVersion = Literal["3.0.0", "3.1.0"]

FREEZE_USER_WALLET_COIN_VERSION_VALUES: set[FreezeUserWalletCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_freeze_user_wallet_coin_version(value: str) -> FreezeUserWalletCoinVersion:
    if value in FREEZE_USER_WALLET_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {FREEZE_USER_WALLET_COIN_VERSION_VALUES!r}"
    )
