from typing import Literal

ListCashoutRatesCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_CASHOUT_RATES_COIN_VERSION_VALUES: set[ListCashoutRatesCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_cashout_rates_coin_version(value: str) -> ListCashoutRatesCoinVersion:
    if value in LIST_CASHOUT_RATES_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CASHOUT_RATES_COIN_VERSION_VALUES!r}"
    )
