from typing import Literal

RevokeApiKeyCoinVersion = Literal["3.0.0", "3.1.0"]

REVOKE_API_KEY_COIN_VERSION_VALUES: set[RevokeApiKeyCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_revoke_api_key_coin_version(value: str) -> RevokeApiKeyCoinVersion:
    if value in REVOKE_API_KEY_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REVOKE_API_KEY_COIN_VERSION_VALUES!r}"
    )
