from typing import Literal

CancelMyMandateCoinVersion = Literal["3.0.0", "3.1.0"]

CANCEL_MY_MANDATE_COIN_VERSION_VALUES: set[CancelMyMandateCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_cancel_my_mandate_coin_version(value: str) -> CancelMyMandateCoinVersion:
    if value in CANCEL_MY_MANDATE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_MY_MANDATE_COIN_VERSION_VALUES!r}"
    )
