from typing import Literal

LinkPlatformClientCoinVersion = Literal["3.0.0", "3.1.0"]

LINK_PLATFORM_CLIENT_COIN_VERSION_VALUES: set[LinkPlatformClientCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_link_platform_client_coin_version(
    value: str,
) -> LinkPlatformClientCoinVersion:
    if value in LINK_PLATFORM_CLIENT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LINK_PLATFORM_CLIENT_COIN_VERSION_VALUES!r}"
    )
