from typing import Literal

ListCashoutsStatus = Literal[
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
]

LIST_CASHOUTS_STATUS_VALUES: set[ListCashoutsStatus] = {
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
}


def check_list_cashouts_status(value: str) -> ListCashoutsStatus:
    if value in LIST_CASHOUTS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CASHOUTS_STATUS_VALUES!r}"
    )
