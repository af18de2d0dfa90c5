from typing import Literal

GetUserStatementCoinVersion = Literal["3.0.0", "3.1.0"]

GET_USER_STATEMENT_COIN_VERSION_VALUES: set[GetUserStatementCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_user_statement_coin_version(value: str) -> GetUserStatementCoinVersion:
    if value in GET_USER_STATEMENT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_USER_STATEMENT_COIN_VERSION_VALUES!r}"
    )
