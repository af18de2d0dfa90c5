from typing import Literal

ListCashoutReversalsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_CASHOUT_REVERSALS_COIN_VERSION_VALUES: set[ListCashoutReversalsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_cashout_reversals_coin_version(
    value: str,
) -> ListCashoutReversalsCoinVersion:
    if value in LIST_CASHOUT_REVERSALS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CASHOUT_REVERSALS_COIN_VERSION_VALUES!r}"
    )
