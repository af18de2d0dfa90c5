from typing import Literal

ListCommissionChangesStatus = Literal["APPROVED", "EXPIRED", "PENDING", "REJECTED"]

LIST_COMMISSION_CHANGES_STATUS_VALUES: set[ListCommissionChangesStatus] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_list_commission_changes_status(value: str) -> ListCommissionChangesStatus:
    if value in LIST_COMMISSION_CHANGES_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_COMMISSION_CHANGES_STATUS_VALUES!r}"
    )
