from typing import Literal

PurchaseBodyTreasury = Literal["COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"]

PURCHASE_BODY_TREASURY_VALUES: set[PurchaseBodyTreasury] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_purchase_body_treasury(value: str) -> PurchaseBodyTreasury:
    if value in PURCHASE_BODY_TREASURY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PURCHASE_BODY_TREASURY_VALUES!r}"
    )
