from typing import Literal

ListCashoutReversalsStatus = Literal["APPROVED", "EXPIRED", "PENDING", "REJECTED"]

LIST_CASHOUT_REVERSALS_STATUS_VALUES: set[ListCashoutReversalsStatus] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_list_cashout_reversals_status(value: str) -> ListCashoutReversalsStatus:
    if value in LIST_CASHOUT_REVERSALS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CASHOUT_REVERSALS_STATUS_VALUES!r}"
    )
