from typing import Literal

GetUserStatementResponse200LinesItemTransactionType = Literal[
    "BURN", "MINT", "PURCHASE", "REFUND", "REWARD", "TRANSFER"
]

GET_USER_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_TYPE_VALUES: set[
    GetUserStatementResponse200LinesItemTransactionType
] = {
    "BURN",
    "MINT",
    "PURCHASE",
    "REFUND",
    "REWARD",
    "TRANSFER",
}


def check_get_user_statement_response_200_lines_item_transaction_type(
    value: str,
) -> GetUserStatementResponse200LinesItemTransactionType:
    if value in GET_USER_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_USER_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_TYPE_VALUES!r}"
    )
