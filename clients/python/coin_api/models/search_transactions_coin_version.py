from typing import Literal

SearchTransactionsCoinVersion = Literal["3.0.0", "3.1.0"]

SEARCH_TRANSACTIONS_COIN_VERSION_VALUES: set[SearchTransactionsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_search_transactions_coin_version(value: str) -> SearchTransactionsCoinVersion:
    if value in SEARCH_TRANSACTIONS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEARCH_TRANSACTIONS_COIN_VERSION_VALUES!r}"
    )
