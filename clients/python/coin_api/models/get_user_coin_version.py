from typing import Literal

GetUserCoinVersion = Literal["3.0.0", "3.1.0"]

GET_USER_COIN_VERSION_VALUES: set[GetUserCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_user_coin_version(value: str) -> GetUserCoinVersion:
    if value in GET_USER_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_USER_COIN_VERSION_VALUES!r}"
    )
