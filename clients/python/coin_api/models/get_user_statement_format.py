from typing import Literal

GetUserStatementFormat = Literal["csv", "json"]

GET_USER_STATEMENT_FORMAT_VALUES: set[GetUserStatementFormat] = {
    "csv",
    "json",
}


def check_get_user_statement_format(value: str) -> GetUserStatementFormat:
    if value in GET_USER_STATEMENT_FORMAT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_USER_STATEMENT_FORMAT_VALUES!r}"
    )
