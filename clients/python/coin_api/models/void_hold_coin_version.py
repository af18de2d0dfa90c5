from typing import Literal

VoidHoldCoinVersion = Literal["3.0.0", "3.1.0"]

VOID_HOLD_COIN_VERSION_VALUES: set[VoidHoldCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_void_hold_coin_version(value: str) -> VoidHoldCoinVersion:
    if value in VOID_HOLD_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {VOID_HOLD_COIN_VERSION_VALUES!r}"
    )
