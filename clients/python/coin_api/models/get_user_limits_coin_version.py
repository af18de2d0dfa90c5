from typing import Literal

GetUserLimitsCoinVersion = Literal["3.0.0", "3.1.0"]

GET_USER_LIMITS_COIN_VERSION_VALUES: set[GetUserLimitsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_user_limits_coin_version(value: str) -> GetUserLimitsCoinVersion:
    if value in GET_USER_LIMITS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_USER_LIMITS_COIN_VERSION_VALUES!r}"
    )
