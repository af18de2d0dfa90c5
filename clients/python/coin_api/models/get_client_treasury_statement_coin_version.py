from typing import Literal

GetClientTreasuryStatementCoinVersion = Literal["3.0.0", "3.1.0"]

GET_CLIENT_TREASURY_STATEMENT_COIN_VERSION_VALUES: set[
    GetClientTreasuryStatementCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_get_client_treasury_statement_coin_version(
    value: str,
) -> GetClientTreasuryStatementCoinVersion:
    if value in GET_CLIENT_TREASURY_STATEMENT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_CLIENT_TREASURY_STATEMENT_COIN_VERSION_VALUES!r}"
    )
