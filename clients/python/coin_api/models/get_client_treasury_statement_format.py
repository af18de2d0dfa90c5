from typing import Literal

GetClientTreasuryStatementFormat = Literal["csv", "json"]

GET_CLIENT_TREASURY_STATEMENT_FORMAT_VALUES: set[GetClientTreasuryStatementFormat] = {
    "csv",
    "json",
}


def check_get_client_treasury_statement_format(
    value: str,
) -> GetClientTreasuryStatementFormat:
    if value in GET_CLIENT_TREASURY_STATEMENT_FORMAT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_CLIENT_TREASURY_STATEMENT_FORMAT_VALUES!r}"
    )
