from typing import Literal

GetTreasuryStatementFormat = Literal["csv", "json"]

GET_TREASURY_STATEMENT_FORMAT_VALUES: set[GetTreasuryStatementFormat] = {
    "csv",
    "json",
}


def check_get_treasury_statement_format(value: str) -> GetTreasuryStatementFormat:
    if value in GET_TREASURY_STATEMENT_FORMAT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_TREASURY_STATEMENT_FORMAT_VALUES!r}"
    )
