from typing import Literal

GetTreasuryStatementResponse200LinesItemTransactionType = Literal[
    "BURN", "MINT", "PURCHASE", "REFUND", "REWARD", "TRANSFER"
]

GET_TREASURY_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_TYPE_VALUES: set[
    GetTreasuryStatementResponse200LinesItemTransactionType
] = {
    "BURN",
    "MINT",
    "PURCHASE",
    "REFUND",
    "REWARD",
    "TRANSFER",
}


def check_get_treasury_statement_response_200_lines_item_transaction_type(
    value: str,
) -> GetTreasuryStatementResponse200LinesItemTransactionType:
    if value in GET_TREASURY_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_TREASURY_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_TYPE_VALUES!r}"
    )
