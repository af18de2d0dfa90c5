from typing import Literal

LogoutEverywhereCoinVersion = Literal["3.0.0", "3.1.0"]

LOGOUT_EVERYWHERE_COIN_VERSION_VALUES: set[LogoutEverywhereCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_logout_everywhere_coin_version(value: str) -> LogoutEverywhereCoinVersion:
    if value in LOGOUT_EVERYWHERE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LOGOUT_EVERYWHERE_COIN_VERSION_VALUES!r}"
    )
