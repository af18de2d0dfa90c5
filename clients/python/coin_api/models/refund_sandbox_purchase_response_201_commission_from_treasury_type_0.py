from typing import Literal

RefundSandboxPurchaseResponse201CommissionFromTreasuryType0 = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

REFUND_SANDBOX_PURCHASE_RESPONSE_201_COMMISSION_FROM_TREASURY_TYPE_0_VALUES: set[
    RefundSandboxPurchaseResponse201CommissionFromTreasuryType0
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_refund_sandbox_purchase_response_201_commission_from_treasury_type_0(
    value: str,
) -> RefundSandboxPurchaseResponse201CommissionFromTreasuryType0:
    if (
        value
        in REFUND_SANDBOX_PURCHASE_RESPONSE_201_COMMISSION_FROM_TREASURY_TYPE_0_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REFUND_SANDBOX_PURCHASE_RESPONSE_201_COMMISSION_FROM_TREASURY_TYPE_0_VALUES!r}"
    )
