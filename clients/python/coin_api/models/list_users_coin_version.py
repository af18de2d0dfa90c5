from typing import Literal

ListUsersCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_USERS_COIN_VERSION_VALUES: set[ListUsersCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_users_coin_version(value: str) -> ListUsersCoinVersion:
    if value in LIST_USERS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_USERS_COIN_VERSION_VALUES!r}"
    )
