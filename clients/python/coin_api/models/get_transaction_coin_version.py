from typing import Literal

GetTransactionCoinVersion = Literal["3.0.0", "3.1.0"]

GET_TRANSACTION_COIN_VERSION_VALUES: set[GetTransactionCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_transaction_coin_version(value: str) -> GetTransactionCoinVersion:
    if value in GET_TRANSACTION_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_TRANSACTION_COIN_VERSION_VALUES!r}"
    )
