from typing import Literal

RefundTransactionResponse201CommissionType = Literal[
    "BURN", "MINT", "PURCHASE", "REFUND", "REWARD", "TRANSFER"
]

REFUND_TRANSACTION_RESPONSE_201_COMMISSION_TYPE_VALUES: set[
    RefundTransactionResponse201CommissionType
] = {
    "BURN",
    "MINT",
    "PURCHASE",
    "REFUND",
    "REWARD",
    "TRANSFER",
}


def check_refund_transaction_response_201_commission_type(
    value: str,
) -> RefundTransactionResponse201CommissionType:
    if value in REFUND_TRANSACTION_RESPONSE_201_COMMISSION_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REFUND_TRANSACTION_RESPONSE_201_COMMISSION_TYPE_VALUES!r}"
    )
