from typing import Literal

TransactionToTreasuryType0 = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

TRANSACTION_TO_TREASURY_TYPE_0_VALUES: set[TransactionToTreasuryType0] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_transaction_to_treasury_type_0(value: str) -> TransactionToTreasuryType0:
    if value in TRANSACTION_TO_TREASURY_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {TRANSACTION_TO_TREASURY_TYPE_0_VALUES!r}"
    )
