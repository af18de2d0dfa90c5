from typing import Literal

PurchaseDryRun = Literal["false", "true"]

PURCHASE_DRY_RUN_VALUES: set[PurchaseDryRun] = {
    "false",
    "true",
}


def check_purchase_dry_run(value: str) -> PurchaseDryRun:
    if value in PURCHASE_DRY_RUN_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PURCHASE_DRY_RUN_VALUES!r}"
    )
