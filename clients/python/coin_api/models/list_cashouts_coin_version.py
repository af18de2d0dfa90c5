from typing import Literal

ListCashoutsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_CASHOUTS_COIN_VERSION_VALUES: set[ListCashoutsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_cashouts_coin_version(value: str) -> ListCashoutsCoinVersion:
    if value in LIST_CASHOUTS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CASHOUTS_COIN_VERSION_VALUES!r}"
    )
