from typing import Literal

PayoutDryRun = Literal["false", "true"]

PAYOUT_DRY_RUN_VALUES: set[PayoutDryRun] = {
    "false",
    "true",
}


def check_payout_dry_run(value: str) -> PayoutDryRun:
    if value in PAYOUT_DRY_RUN_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PAYOUT_DRY_RUN_VALUES!r}"
    )
