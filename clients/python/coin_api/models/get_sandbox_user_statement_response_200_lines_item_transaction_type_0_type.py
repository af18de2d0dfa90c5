from typing import Literal

GetSandboxUserStatementResponse200LinesItemTransactionType0Type = Literal[
    "BURN", "MINT", "PURCHASE", "REFUND", "REWARD", "TRANSFER"
]

GET_SANDBOX_USER_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_TYPE_0_TYPE_VALUES: set[
    GetSandboxUserStatementResponse200LinesItemTransactionType0Type
] = {
    "BURN",
    "MINT",
    "PURCHASE",
    "REFUND",
    "REWARD",
    "TRANSFER",
}


def check_get_sandbox_user_statement_response_200_lines_item_transaction_type_0_type(
    value: str,
) -> GetSandboxUserStatementResponse200LinesItemTransactionType0Type:
    if (
        value
        in GET_SANDBOX_USER_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_TYPE_0_TYPE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_SANDBOX_USER_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_TYPE_0_TYPE_VALUES!r}"
    )
