from typing import Literal

ListCashoutApprovalsStatus = Literal["APPROVED", "EXPIRED", "PENDING", "REJECTED"]

LIST_CASHOUT_APPROVALS_STATUS_VALUES: set[ListCashoutApprovalsStatus] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_list_cashout_approvals_status(value: str) -> ListCashoutApprovalsStatus:
    if value in LIST_CASHOUT_APPROVALS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CASHOUT_APPROVALS_STATUS_VALUES!r}"
    )
