from typing import Literal

DeleteUserCoinVersion = Literal["3.0.0", "3.1.0"]

DELETE_USER_COIN_VERSION_VALUES: set[DeleteUserCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_delete_user_coin_version(value: str) -> DeleteUserCoinVersion:
    if value in DELETE_USER_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_USER_COIN_VERSION_VALUES!r}"
    )
