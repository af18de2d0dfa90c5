from typing import Literal

GetMyStatementResponse200LinesItemTransactionToTreasuryType0 = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

GET_MY_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_TO_TREASURY_TYPE_0_VALUES: set[
    GetMyStatementResponse200LinesItemTransactionToTreasuryType0
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_get_my_statement_response_200_lines_item_transaction_to_treasury_type_0(
    value: str,
) -> GetMyStatementResponse200LinesItemTransactionToTreasuryType0:
    if (
        value
        in GET_MY_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_TO_TREASURY_TYPE_0_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_MY_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_TO_TREASURY_TYPE_0_VALUES!r}"
    )
