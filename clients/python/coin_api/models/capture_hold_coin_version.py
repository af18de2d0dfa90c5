from typing import Literal

CaptureHoldCoinVersion = Literal["3.0.0", "3.1.0"]

CAPTURE_HOLD_COIN_VERSION_VALUES: set[CaptureHoldCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_capture_hold_coin_version(value: str) -> CaptureHoldCoinVersion:
    if value in CAPTURE_HOLD_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CAPTURE_HOLD_COIN_VERSION_VALUES!r}"
    )
