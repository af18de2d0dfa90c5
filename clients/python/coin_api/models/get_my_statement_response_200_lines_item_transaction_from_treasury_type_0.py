from typing import Literal

GetMyStatementResponse200LinesItemTransactionFromTreasuryType0 = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

GET_MY_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_FROM_TREASURY_TYPE_0_VALUES: set[
    GetMyStatementResponse200LinesItemTransactionFromTreasuryType0
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_get_my_statement_response_200_lines_item_transaction_from_treasury_type_0(
    value: str,
) -> GetMyStatementResponse200LinesItemTransactionFromTreasuryType0:
    if (
        value
        in GET_MY_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_FROM_TREASURY_TYPE_0_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_MY_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_FROM_TREASURY_TYPE_0_VALUES!r}"
    )
