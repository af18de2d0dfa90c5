from typing import Literal

GetClientTreasuryStatementCode = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

GET_CLIENT_TREASURY_STATEMENT_CODE_VALUES: set[GetClientTreasuryStatementCode] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_get_client_treasury_statement_code(
    value: str,
) -> GetClientTreasuryStatementCode:
    if value in GET_CLIENT_TREASURY_STATEMENT_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_CLIENT_TREASURY_STATEMENT_CODE_VALUES!r}"
    )
