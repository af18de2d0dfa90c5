from typing import Literal

HoldToTreasuryType0 = Literal["COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"]

HOLD_TO_TREASURY_TYPE_0_VALUES: set[HoldToTreasuryType0] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_hold_to_treasury_type_0(value: str) -> HoldToTreasuryType0:
    if value in HOLD_TO_TREASURY_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {HOLD_TO_TREASURY_TYPE_0_VALUES!r}"
    )
