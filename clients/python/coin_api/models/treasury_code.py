from typing import Literal

TreasuryCode = Literal["COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"]

TREASURY_CODE_VALUES: set[TreasuryCode] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_treasury_code(value: str) -> TreasuryCode:
    if value in TREASURY_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {TREASURY_CODE_VALUES!r}"
    )
