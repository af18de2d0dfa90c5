from typing import Literal

RefundSandboxPurchaseResponse201CommissionType = Literal[
    "BURN", "MINT", "PURCHASE", "REFUND", "REWARD", "TRANSFER"
]

REFUND_SANDBOX_PURCHASE_RESPONSE_201_COMMISSION_TYPE_VALUES: set[
    RefundSandboxPurchaseResponse201CommissionType
] = {
    "BURN",
    "MINT",
    "PURCHASE",
    "REFUND",
    "REWARD",
    "TRANSFER",
}


def check_refund_sandbox_purchase_response_201_commission_type(
    value: str,
) -> RefundSandboxPurchaseResponse201CommissionType:
    if value in REFUND_SANDBOX_PURCHASE_RESPONSE_201_COMMISSION_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REFUND_SANDBOX_PURCHASE_RESPONSE_201_COMMISSION_TYPE_VALUES!r}"
    )
