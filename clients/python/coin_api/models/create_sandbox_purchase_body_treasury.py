from typing import Literal

CreateSandboxPurchaseBodyTreasury = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

CREATE_SANDBOX_PURCHASE_BODY_TREASURY_VALUES: set[CreateSandboxPurchaseBodyTreasury] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_create_sandbox_purchase_body_treasury(
    value: str,
) -> CreateSandboxPurchaseBodyTreasury:
    if value in CREATE_SANDBOX_PURCHASE_BODY_TREASURY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_SANDBOX_PURCHASE_BODY_TREASURY_VALUES!r}"
    )
