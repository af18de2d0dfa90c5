from typing import Literal

RegisterUserCoinVersion = Literal["3.0.0", "3.1.0"]

REGISTER_USER_COIN_VERSION_VALUES: set[RegisterUserCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_register_user_coin_version(value: str) -> RegisterUserCoinVersion:
    if value in REGISTER_USER_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REGISTER_USER_COIN_VERSION_VALUES!r}"
    )
