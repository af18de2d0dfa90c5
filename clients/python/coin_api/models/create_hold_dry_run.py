from typing import Literal

CreateHoldDryRun = Literal["false", "true"]

CREATE_HOLD_DRY_RUN_VALUES: set[CreateHoldDryRun] = {
    "false",
    "true",
}


def check_create_hold_dry_run(value: str) -> CreateHoldDryRun:
    if value in CREATE_HOLD_DRY_RUN_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_HOLD_DRY_RUN_VALUES!r}"
    )
