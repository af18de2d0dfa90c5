from typing import Literal

UserSessionStatus = Literal["ACTIVE", "EXPIRED", "REVOKED"]

USER_SESSION_STATUS_VALUES: set[UserSessionStatus] = {
    "ACTIVE",
    "EXPIRED",
    "REVOKED",
}


def check_user_session_status(value: str) -> UserSessionStatus:
    if value in USER_SESSION_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {USER_SESSION_STATUS_VALUES!r}"
    )
