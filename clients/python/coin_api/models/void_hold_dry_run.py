from typing import Literal

VoidHoldDryRun = Literal["false", "true"]

VOID_HOLD_DRY_RUN_VALUES: set[VoidHoldDryRun] = {
    "false",
    "true",
}


def check_void_hold_dry_run(value: str) -> VoidHoldDryRun:
    if value in VOID_HOLD_DRY_RUN_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {VOID_HOLD_DRY_RUN_VALUES!r}"
    )
