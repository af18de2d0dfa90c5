from typing import Literal

ListMyCashoutsStatus = Literal[
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
]

LIST_MY_CASHOUTS_STATUS_VALUES: set[ListMyCashoutsStatus] = {
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
}


def check_list_my_cashouts_status(value: str) -> ListMyCashoutsStatus:
    if value in LIST_MY_CASHOUTS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MY_CASHOUTS_STATUS_VALUES!r}"
    )
