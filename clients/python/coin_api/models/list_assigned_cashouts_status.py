from typing import Literal

ListAssignedCashoutsStatus = Literal[
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
]

LIST_ASSIGNED_CASHOUTS_STATUS_VALUES: set[ListAssignedCashoutsStatus] = {
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
}


def check_list_assigned_cashouts_status(value: str) -> ListAssignedCashoutsStatus:
    if value in LIST_ASSIGNED_CASHOUTS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_ASSIGNED_CASHOUTS_STATUS_VALUES!r}"
    )
