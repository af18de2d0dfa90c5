from typing import Literal

RefundTransactionResponse201CommissionToTreasuryType0 = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

REFUND_TRANSACTION_RESPONSE_201_COMMISSION_TO_TREASURY_TYPE_0_VALUES: set[
    RefundTransactionResponse201CommissionToTreasuryType0
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_refund_transaction_response_201_commission_to_treasury_type_0(
    value: str,
) -> RefundTransactionResponse201CommissionToTreasuryType0:
    if value in REFUND_TRANSACTION_RESPONSE_201_COMMISSION_TO_TREASURY_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REFUND_TRANSACTION_RESPONSE_201_COMMISSION_TO_TREASURY_TYPE_0_VALUES!r}"
    )
