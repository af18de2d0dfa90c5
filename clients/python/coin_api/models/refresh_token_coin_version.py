from typing import Literal

RefreshTokenCoinVersion = Literal["3.0.0", "3.1.0"]

REFRESH_TOKEN_COIN_VERSION_VALUES: set[RefreshTokenCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_refresh_token_coin_version(value: str) -> RefreshTokenCoinVersion:
    if value in REFRESH_TOKEN_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REFRESH_TOKEN_COIN_VERSION_VALUES!r}"
    )
