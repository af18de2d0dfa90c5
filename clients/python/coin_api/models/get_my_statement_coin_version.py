from typing import Literal

GetMyStatementCoinVersion = Literal["3.0.0", "3.1.0"]

GET_MY_STATEMENT_COIN_VERSION_VALUES: set[GetMyStatementCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_my_statement_coin_version(value: str) -> GetMyStatementCoinVersion:
    if value in GET_MY_STATEMENT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_MY_STATEMENT_COIN_VERSION_VALUES!r}"
    )
