from typing import Literal

GetSandboxUserWalletCoinVersion = Literal["3.0.0", "3.1.0"]

GET_SANDBOX_USER_WALLET_COIN_VERSION_VALUES: set[GetSandboxUserWalletCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_sandbox_user_wallet_coin_version(
    value: str,
) -> GetSandboxUserWalletCoinVersion:
    if value in GET_SANDBOX_USER_WALLET_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_SANDBOX_USER_WALLET_COIN_VERSION_VALUES!r}"
    )
