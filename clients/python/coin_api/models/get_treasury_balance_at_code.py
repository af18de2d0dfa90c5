from typing import Literal

GetTreasuryBalanceAtCode = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

GET_TREASURY_BALANCE_AT_CODE_VALUES: set[GetTreasuryBalanceAtCode] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_get_treasury_balance_at_code(value: str) -> GetTreasuryBalanceAtCode:
    if value in GET_TREASURY_BALANCE_AT_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_TREASURY_BALANCE_AT_CODE_VALUES!r}"
    )
