from typing import Literal

GetSandboxUserStatementFormat = Literal["csv", "json"]

GET_SANDBOX_USER_STATEMENT_FORMAT_VALUES: set[GetSandboxUserStatementFormat] = {
    "csv",
    "json",
}


def check_get_sandbox_user_statement_format(
    value: str,
) -> GetSandboxUserStatementFormat:
    if value in GET_SANDBOX_USER_STATEMENT_FORMAT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_SANDBOX_USER_STATEMENT_FORMAT_VALUES!r}"
    )
