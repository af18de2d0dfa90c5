from typing import Literal

GetClientTreasuryStatementResponse200LinesItemType = Literal[
    "BURN", "MINT", "PURCHASE", "REFUND", "REWARD", "TRANSFER"
]

GET_CLIENT_TREASURY_STATEMENT_RESPONSE_200_LINES_ITEM_TYPE_VALUES: set[
    GetClientTreasuryStatementResponse200LinesItemType
] = {
    "BURN",
    "MINT",
    "PURCHASE",
    "REFUND",
    "REWARD",
    "TRANSFER",
}


def check_get_client_treasury_statement_response_200_lines_item_type(
    value: str,
) -> GetClientTreasuryStatementResponse200LinesItemType:
    if value in GET_CLIENT_TREASURY_STATEMENT_RESPONSE_200_LINES_ITEM_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_CLIENT_TREASURY_STATEMENT_RESPONSE_200_LINES_ITEM_TYPE_VALUES!r}"
    )
