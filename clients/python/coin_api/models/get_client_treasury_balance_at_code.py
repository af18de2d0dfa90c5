from typing import Literal

GetClientTreasuryBalanceAtCode = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

GET_CLIENT_TREASURY_BALANCE_AT_CODE_VALUES: set[GetClientTreasuryBalanceAtCode] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_get_client_treasury_balance_at_code(
    value: str,
) -> GetClientTreasuryBalanceAtCode:
    if value in GET_CLIENT_TREASURY_BALANCE_AT_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_CLIENT_TREASURY_BALANCE_AT_CODE_VALUES!r}"
    )
