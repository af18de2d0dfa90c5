from typing import Literal

LogoutCoinVersion = Literal["3.0.0", "3.1.0"]

LOGOUT_COIN_VERSION_VALUES: set[LogoutCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_logout_coin_version(value: str) -> LogoutCoinVersion:
    if value in LOGOUT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LOGOUT_COIN_VERSION_VALUES!r}"
    )
