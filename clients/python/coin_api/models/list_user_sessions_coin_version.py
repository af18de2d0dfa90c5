from typing import Literal

ListUserSessionsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_USER_SESSIONS_COIN_VERSION_VALUES: set[ListUserSessionsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_user_sessions_coin_version(value: str) -> ListUserSessionsCoinVersion:
    if value in LIST_USER_SESSIONS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_USER_SESSIONS_COIN_VERSION_VALUES!r}"
    )
