from typing import Literal

CancelMandateCoinVersion = Literal["3.0.0", "3.1.0"]

CANCEL_MANDATE_COIN_VERSION_VALUES: set[CancelMandateCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_cancel_mandate_coin_version(value: str) -> CancelMandateCoinVersion:
    if value in CANCEL_MANDATE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_MANDATE_COIN_VERSION_VALUES!r}"
    )
