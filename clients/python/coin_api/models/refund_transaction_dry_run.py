from typing import Literal

RefundTransactionDryRun = Literal["false", "true"]

REFUND_TRANSACTION_DRY_RUN_VALUES: set[RefundTransactionDryRun] = {
    "false",
    "true",
}


def check_refund_transaction_dry_run(value: str) -> RefundTransactionDryRun:
    if value in REFUND_TRANSACTION_DRY_RUN_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REFUND_TRANSACTION_DRY_RUN_VALUES!r}"
    )
