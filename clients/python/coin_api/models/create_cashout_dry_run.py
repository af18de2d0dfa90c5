from typing import Literal

CreateCashoutDryRun = Literal["false", "true"]

CREATE_CASHOUT_DRY_RUN_VALUES: set[CreateCashoutDryRun] = {
    "false",
    "true",
}


def check_create_cashout_dry_run(value: str) -> CreateCashoutDryRun:
    if value in CREATE_CASHOUT_DRY_RUN_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_CASHOUT_DRY_RUN_VALUES!r}"
    )
