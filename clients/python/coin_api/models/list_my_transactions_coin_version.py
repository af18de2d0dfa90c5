from typing import Literal

ListMyTransactionsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_MY_TRANSACTIONS_COIN_VERSION_VALUES: set[ListMyTransactionsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_my_transactions_coin_version(
    value: str,
) -> ListMyTransactionsCoinVersion:
    if value in LIST_MY_TRANSACTIONS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MY_TRANSACTIONS_COIN_VERSION_VALUES!r}"
    )
