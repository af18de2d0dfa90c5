from typing import Literal

BalanceStreamChangeTransactionType = Literal[
    "BURN", "MINT", "PURCHASE", "REFUND", "REWARD", "TRANSFER"
]

BALANCE_STREAM_CHANGE_TRANSACTION_TYPE_VALUES: set[
    BalanceStreamChangeTransactionType
] = {
    "BURN",
    "MINT",
    "PURCHASE",
    "REFUND",
    "REWARD",
    "TRANSFER",
}


def check_balance_stream_change_transaction_type(
    value: str,
) -> BalanceStreamChangeTransactionType:
    if value in BALANCE_STREAM_CHANGE_TRANSACTION_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {BALANCE_STREAM_CHANGE_TRANSACTION_TYPE_VALUES!r}"
    )
