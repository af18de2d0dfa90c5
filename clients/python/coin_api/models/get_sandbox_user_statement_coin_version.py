from typing import Literal

GetSandboxUserStatementCoinVersion = Literal["3.0.0", "3.1.0"]

GET_SANDBOX_USER_STATEMENT_COIN_VERSION_VALUES: set[
    GetSandboxUserStatementCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_get_sandbox_user_statement_coin_version(
    value: str,
) -> GetSandboxUserStatementCoinVersion:
    if value in GET_SANDBOX_USER_STATEMENT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_SANDBOX_USER_STATEMENT_COIN_VERSION_VALUES!r}"
    )
