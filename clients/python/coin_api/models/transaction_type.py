from typing import Literal

TransactionType = Literal["BURN", "MINT", "PURCHASE", "REFUND", "REWARD", "TRANSFER"]

TRANSACTION_TYPE_VALUES: set[TransactionType] = {
    "BURN",
    "MINT",
    "PURCHASE",
    "REFUND",
    "REWARD",
    "TRANSFER",
}


def check_transaction_type(value: str) -> TransactionType:
    if value in TRANSACTION_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {TRANSACTION_TYPE_VALUES!r}"
    )
