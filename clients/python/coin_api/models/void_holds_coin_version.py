from typing import Literal

VoidHoldsCoinVersion = Literal["3.0.0", "3.1.0"]

VOID_HOLDS_COIN_VERSION_VALUES: set[VoidHoldsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_void_holds_coin_version(value: str) -> VoidHoldsCoinVersion:
    if value in VOID_HOLDS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {VOID_HOLDS_COIN_VERSION_VALUES!r}"
    )
