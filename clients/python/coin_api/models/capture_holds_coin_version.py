from typing import Literal

CaptureHoldsCoinVersion = Literal["3.0.0", "3.1.0"]

CAPTURE_HOLDS_COIN_VERSION_VALUES: set[CaptureHoldsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_capture_holds_coin_version(value: str) -> CaptureHoldsCoinVersion:
    if value in CAPTURE_HOLDS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CAPTURE_HOLDS_COIN_VERSION_VALUES!r}"
    )
