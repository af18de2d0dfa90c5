from typing import Literal

TransferCoinsDryRun = Literal["false", "true"]

TRANSFER_COINS_DRY_RUN_VALUES: set[TransferCoinsDryRun] = {
    "false",
    "true",
}


def check_transfer_coins_dry_run(value: str) -> TransferCoinsDryRun:
    if value in TRANSFER_COINS_DRY_RUN_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {TRANSFER_COINS_DRY_RUN_VALUES!r}"
    )
