from typing import Literal

SetUserLimitsCoinVersion = Literal["3.0.0", "3.1.0"]

SET_USER_LIMITS_COIN_VERSION_VALUES: set[SetUserLimitsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_set_user_limits_coin_version(value: str) -> SetUserLimitsCoinVersion:
    if value in SET_USER_LIMITS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SET_USER_LIMITS_COIN_VERSION_VALUES!r}"
    )
