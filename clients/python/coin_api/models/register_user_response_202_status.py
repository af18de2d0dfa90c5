from typing import Literal

RegisterUserResponse202Status = Literal["accepted"]

REGISTER_USER_RESPONSE_202_STATUS_VALUES: set[RegisterUserResponse202Status] = {
    "accepted",
}


def check_register_user_response_202_status(
    value: str,
) -> RegisterUserResponse202Status:
    if value in REGISTER_USER_RESPONSE_202_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REGISTER_USER_RESPONSE_202_STATUS_VALUES!r}"
    )
