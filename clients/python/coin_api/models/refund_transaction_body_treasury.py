from typing import Literal

RefundTransactionBodyTreasury = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

REFUND_TRANSACTION_BODY_TREASURY_VALUES: set[RefundTransactionBodyTreasury] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_refund_transaction_body_treasury(value: str) -> RefundTransactionBodyTreasury:
    if value in REFUND_TRANSACTION_BODY_TREASURY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REFUND_TRANSACTION_BODY_TREASURY_VALUES!r}"
    )
