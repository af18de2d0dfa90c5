from typing import Literal

GetTreasuryStatementCoinVersion = Literal["3.0.0", "3.1.0"]

GET_TREASURY_STATEMENT_COIN_VERSION_VALUES: set[GetTreasuryStatementCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_treasury_statement_coin_version(
    value: str,
) -> GetTreasuryStatementCoinVersion:
    if value in GET_TREASURY_STATEMENT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_TREASURY_STATEMENT_COIN_VERSION_VALUES!r}"
    )
