from typing import Literal

CreatePlatformClientCoinVersion = Literal["3.0.0", "3.1.0"]

CREATE_PLATFORM_CLIENT_COIN_VERSION_VALUES: set[CreatePlatformClientCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_create_platform_client_coin_version(
    value: str,
) -> CreatePlatformClientCoinVersion:
    if value in CREATE_PLATFORM_CLIENT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_PLATFORM_CLIENT_COIN_VERSION_VALUES!r}"
    )
