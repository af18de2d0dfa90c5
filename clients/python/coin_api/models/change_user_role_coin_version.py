from typing import Literal

ChangeUserRoleCoinVersion = Literal["3.0.0", "3.1.0"]

CHANGE_USER_ROLE_COIN_VERSION_VALUES: set[ChangeUserRoleCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_change_user_role_coin_version(value: str) -> ChangeUserRoleCoinVersion:
    if value in CHANGE_USER_ROLE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CHANGE_USER_ROLE_COIN_VERSION_VALUES!r}"
    )
