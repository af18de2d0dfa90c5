from typing import Literal

GetMyStatementResponse200LinesItemTransactionType = Literal[
    "BURN", "MINT", "PURCHASE", "REFUND", "REWARD", "TRANSFER"
]

GET_MY_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_TYPE_VALUES: set[
    GetMyStatementResponse200LinesItemTransactionType
] = {
    "BURN",
    "MINT",
    "PURCHASE",
    "REFUND",
    "REWARD",
    "TRANSFER",
}


def check_get_my_statement_response_200_lines_item_transaction_type(
    value: str,
) -> GetMyStatementResponse200LinesItemTransactionType:
    if value in GET_MY_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_MY_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_TYPE_VALUES!r}"
    )
