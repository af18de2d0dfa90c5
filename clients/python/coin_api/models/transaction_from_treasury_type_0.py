from typing import Literal

TransactionFromTreasuryType0 = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

TRANSACTION_FROM_TREASURY_TYPE_0_VALUES: set[TransactionFromTreasuryType0] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_transaction_from_treasury_type_0(value: str) -> TransactionFromTreasuryType0:
    if value in TRANSACTION_FROM_TREASURY_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {TRANSACTION_FROM_TREASURY_TYPE_0_VALUES!r}"
    )
