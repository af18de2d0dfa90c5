from typing import Literal

GetUserStatementResponse200LinesItemTransactionFromTreasuryType0 = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

GET_USER_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_FROM_TREASURY_TYPE_0_VALUES: set[
    GetUserStatementResponse200LinesItemTransactionFromTreasuryType0
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_get_user_statement_response_200_lines_item_transaction_from_treasury_type_0(
    value: str,
) -> GetUserStatementResponse200LinesItemTransactionFromTreasuryType0:
    if (
        value
        in GET_USER_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_FROM_TREASURY_TYPE_0_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_USER_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_FROM_TREASURY_TYPE_0_VALUES!r}"
    )
