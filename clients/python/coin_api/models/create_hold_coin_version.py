from typing import Literal

CreateHoldCoinVersion = Literal["3.0.0", "3.1.0"]

CREATE_HOLD_COIN_VERSION_VALUES: set[CreateHoldCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_create_hold_coin_version(value: str) -> CreateHoldCoinVersion:
    if value in CREATE_HOLD_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_HOLD_COIN_VERSION_VALUES!r}"
    )
