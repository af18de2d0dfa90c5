from typing import Literal

GetSandboxUserStatementResponse200LinesItemTransactionType0FromTreasuryType0 = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

GET_SANDBOX_USER_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_TYPE_0_FROM_TREASURY_TYPE_0_VALUES: set[
    GetSandboxUserStatementResponse200LinesItemTransactionType0FromTreasuryType0
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_get_sandbox_user_statement_response_200_lines_item_transaction_type_0_from_treasury_type_0(
    value: str,
) -> GetSandboxUserStatementResponse200LinesItemTransactionType0FromTreasuryType0:
    if (
        value
        in GET_SANDBOX_USER_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_TYPE_0_FROM_TREASURY_TYPE_0_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_SANDBOX_USER_STATEMENT_RESPONSE_200_LINES_ITEM_TRANSACTION_TYPE_0_FROM_TREASURY_TYPE_0_VALUES!r}"
    )
