from typing import Literal

CaptureHoldDryRun = Literal["false", "true"]

CAPTURE_HOLD_DRY_RUN_VALUES: set[CaptureHoldDryRun] = {
    "false",
    "true",
}


def check_capture_hold_dry_run(value: str) -> CaptureHoldDryRun:
    if value in CAPTURE_HOLD_DRY_RUN_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CAPTURE_HOLD_DRY_RUN_VALUES!r}"
    )
