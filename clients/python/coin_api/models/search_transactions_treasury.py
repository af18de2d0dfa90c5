from typing import Literal

SearchTransactionsTreasury = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

SEARCH_TRANSACTIONS_TREASURY_VALUES: set[SearchTransactionsTreasury] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_search_transactions_treasury(value: str) -> SearchTransactionsTreasury:
    if value in SEARCH_TRANSACTIONS_TREASURY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEARCH_TRANSACTIONS_TREASURY_VALUES!r}"
    )
