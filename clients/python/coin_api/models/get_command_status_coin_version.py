from typing import Literal

GetCommandStatusCoinVersion = Literal["3.0.0", "3.1.0"]

GET_COMMAND_STATUS_COIN_VERSION_VALUES: set[GetCommandStatusCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_command_status_coin_version(value: str) -> GetCommandStatusCoinVersion:
    if value in GET_COMMAND_STATUS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_COMMAND_STATUS_COIN_VERSION_VALUES!r}"
    )
