from typing import Literal

SearchTransactionsType = Literal[
    "BURN", "MINT", "PURCHASE", "REFUND", "REWARD", "TRANSFER"
]

SEARCH_TRANSACTIONS_TYPE_VALUES: set[SearchTransactionsType] = {
    "BURN",
    "MINT",
    "PURCHASE",
    "REFUND",
    "REWARD",
    "TRANSFER",
}


def check_search_transactions_type(value: str) -> SearchTransactionsType:
    if value in SEARCH_TRANSACTIONS_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEARCH_TRANSACTIONS_TYPE_VALUES!r}"
    )
