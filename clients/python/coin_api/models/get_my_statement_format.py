from typing import Literal

GetMyStatementFormat = Literal["csv", "json"]

GET_MY_STATEMENT_FORMAT_VALUES: set[GetMyStatementFormat] = {
    "csv",
    "json",
}


def check_get_my_statement_format(value: str) -> GetMyStatementFormat:
    if value in GET_MY_STATEMENT_FORMAT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_MY_STATEMENT_FORMAT_VALUES!r}"
    )
