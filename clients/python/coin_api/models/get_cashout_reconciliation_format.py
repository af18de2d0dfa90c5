from typing import Literal

GetCashoutReconciliationFormat = Literal["csv", "json"]

GET_CASHOUT_RECONCILIATION_FORMAT_VALUES: set[GetCashoutReconciliationFormat] = {
    "csv",
    "json",
}


def check_get_cashout_reconciliation_format(
    value: str,
) -> GetCashoutReconciliationFormat:
    if value in GET_CASHOUT_RECONCILIATION_FORMAT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_CASHOUT_RECONCILIATION_FORMAT_VALUES!r}"
    )
