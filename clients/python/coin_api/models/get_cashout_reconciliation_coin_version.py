from typing import Literal

GetCashoutReconciliationCoinVersion = Literal["3.0.0", "3.1.0"]

GET_CASHOUT_RECONCILIATION_COIN_VERSION_VALUES: set[
    GetCashoutReconciliationCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_get_cashout_reconciliation_coin_version(
    value: str,
) -> GetCashoutReconciliationCoinVersion:
    if value in GET_CASHOUT_RECONCILIATION_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_CASHOUT_RECONCILIATION_COIN_VERSION_VALUES!r}"
    )
