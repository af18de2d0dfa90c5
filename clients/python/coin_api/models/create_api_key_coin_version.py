from typing import Literal

CreateApiKeyCoinVersion = Literal["3.0.0", "3.1.0"]

CREATE_API_KEY_COIN_VERSION_VALUES: set[CreateApiKeyCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_create_api_key_coin_version(value: str) -> CreateApiKeyCoinVersion:
    if value in CREATE_API_KEY_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_API_KEY_COIN_VERSION_VALUES!r}"
    )
