from typing import Literal

ListMyCashoutsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_MY_CASHOUTS_COIN_VERSION_VALUES: set[ListMyCashoutsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_my_cashouts_coin_version(value: str) -> ListMyCashoutsCoinVersion:
    if value in LIST_MY_CASHOUTS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MY_CASHOUTS_COIN_VERSION_VALUES!r}"
    )
