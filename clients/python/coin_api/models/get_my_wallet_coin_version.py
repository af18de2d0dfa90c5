from typing import Literal

GetMyWalletCoinVersion = Literal["3.0.0", "3.1.0"]

GET_MY_WALLET_COIN_VERSION_VALUES: set[GetMyWalletCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_my_wallet_coin_version(value: str) -> GetMyWalletCoinVersion:
    if value in GET_MY_WALLET_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_MY_WALLET_COIN_VERSION_VALUES!r}"
    )
