from typing import Literal

ListWalletFreezesCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_WALLET_FREEZES_COIN_VERSION_VALUES: set[ListWalletFreezesCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_wallet_freezes_coin_version(value: str) -> ListWalletFreezesCoinVersion:
    if value in LIST_WALLET_FREEZES_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_WALLET_FREEZES_COIN_VERSION_VALUES!r}"
    )
