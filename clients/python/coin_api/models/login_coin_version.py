from typing import Literal

LoginCoinVersion = Literal["3.0.0", "3.1.0"]

LOGIN_COIN_VERSION_VALUES: set[LoginCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_login_coin_version(value: str) -> LoginCoinVersion:
    if value in LOGIN_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LOGIN_COIN_VERSION_VALUES!r}"
    )
