from typing import Literal

RefundTransactionResponse201CommissionFromTreasuryType0 = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

REFUND_TRANSACTION_RESPONSE_201_COMMISSION_FROM_TREASURY_TYPE_0_VALUES: set[
    RefundTransactionResponse201CommissionFromTreasuryType0
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_refund_transaction_response_201_commission_from_treasury_type_0(
    value: str,
) -> RefundTransactionResponse201CommissionFromTreasuryType0:
    if value in REFUND_TRANSACTION_RESPONSE_201_COMMISSION_FROM_TREASURY_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REFUND_TRANSACTION_RESPONSE_201_COMMISSION_FROM_TREASURY_TYPE_0_VALUES!r}"
    )
