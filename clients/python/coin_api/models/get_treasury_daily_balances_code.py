from typing import Literal

GetTreasuryDailyBalancesCode = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

GET_TREASURY_DAILY_BALANCES_CODE_VALUES: set[GetTreasuryDailyBalancesCode] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_get_treasury_daily_balances_code(value: str) -> GetTreasuryDailyBalancesCode:
    if value in GET_TREASURY_DAILY_BALANCES_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_TREASURY_DAILY_BALANCES_CODE_VALUES!r}"
    )
