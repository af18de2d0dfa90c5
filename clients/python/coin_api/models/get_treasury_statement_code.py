from typing import Literal

GetTreasuryStatementCode = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

GET_TREASURY_STATEMENT_CODE_VALUES: set[GetTreasuryStatementCode] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_get_treasury_statement_code(value: str) -> GetTreasuryStatementCode:
    if value in GET_TREASURY_STATEMENT_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_TREASURY_STATEMENT_CODE_VALUES!r}"
    )
