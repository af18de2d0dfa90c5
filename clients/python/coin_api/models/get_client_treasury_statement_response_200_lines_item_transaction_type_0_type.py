from typing import Literal

GetClientTreasuryStatementResponse200LinesItemTransactionType0Type = Literal[
    "BURN", "MINT", "PURCHASE", "REFUND", "REWARD", "TRANSFER"
]

GET_CLIENT_TREASURY_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_TYPE_0_TYPE_VALUES: set[
    GetClientTreasuryStatementResponse200LinesItemTransactionType0Type
] = {
    "BURN",
    "MINT",
    "PURCHASE",
    "REFUND",
    "REWARD",
    "TRANSFER",
}


def check_get_client_treasury_statement_response_200_lines_item_transaction_type_0_type(
    value: str,
) -> GetClientTreasuryStatementResponse200LinesItemTransactionType0Type:
    if (
        value
        in GET_CLIENT_TREASURY_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_TYPE_0_TYPE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_CLIENT_TREASURY_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_TYPE_0_TYPE_VALUES!r}"
    )
