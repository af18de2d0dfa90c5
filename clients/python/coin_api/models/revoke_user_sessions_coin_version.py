from typing import Literal

RevokeUserSessionsCoinVersion = Literal["3.0.0", "3.1.0"]

REVOKE_USER_SESSIONS_COIN_VERSION_VALUES: set[RevokeUserSessionsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_revoke_user_sessions_coin_version(
    value: str,
) -> RevokeUserSessionsCoinVersion:
    if value in REVOKE_USER_SESSIONS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REVOKE_USER_SESSIONS_COIN_VERSION_VALUES!r}"
    )
