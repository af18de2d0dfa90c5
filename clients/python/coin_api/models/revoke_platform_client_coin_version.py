from typing import Literal

RevokePlatformClientCoinVersion = Literal["3.0.0", "3.1.0"]

REVOKE_PLATFORM_CLIENT_COIN_VERSION_VALUES: set[RevokePlatformClientCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_revoke_platform_client_coin_version(
    value: str,
) -> RevokePlatformClientCoinVersion:
    if value in REVOKE_PLATFORM_CLIENT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REVOKE_PLATFORM_CLIENT_COIN_VERSION_VALUES!r}"
    )
