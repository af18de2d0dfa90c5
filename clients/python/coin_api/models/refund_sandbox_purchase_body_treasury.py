from typing import Literal

RefundSandboxPurchaseBodyTreasury = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

REFUND_SANDBOX_PURCHASE_BODY_TREASURY_VALUES: set[RefundSandboxPurchaseBodyTreasury] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_refund_sandbox_purchase_body_treasury(
    value: str,
) -> RefundSandboxPurchaseBodyTreasury:
    if value in REFUND_SANDBOX_PURCHASE_BODY_TREASURY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REFUND_SANDBOX_PURCHASE_BODY_TREASURY_VALUES!r}"
    )
