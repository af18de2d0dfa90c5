from typing import Literal

ChangePasswordCoinVersion = Literal["3.0.0", "3.1.0"]

CHANGE_PASSWORD_COIN_VERSION_VALUES: set[ChangePasswordCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_change_password_coin_version(value: str) -> ChangePasswordCoinVersion:
    if value in CHANGE_PASSWORD_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CHANGE_PASSWORD_COIN_VERSION_VALUES!r}"
    )
