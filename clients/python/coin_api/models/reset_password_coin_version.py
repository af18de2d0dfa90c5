from typing import Literal

ResetPasswordCoinVersion = Literal["3.0.0", "3.1.0"]

RESET_PASSWORD_COIN_VERSION_VALUES: set[ResetPasswordCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_reset_password_coin_version(value: str) -> ResetPasswordCoinVersion:
    if value in RESET_PASSWORD_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RESET_PASSWORD_COIN_VERSION_VALUES!r}"
    )
