from typing import Literal

ListMyMandatesStatus = Literal["ACTIVE", "CANCELLED", "ENDED", "PAST_DUE"]

LIST_MY_MANDATES_STATUS_VALUES: set[ListMyMandatesStatus] = {
    "ACTIVE",
    "CANCELLED",
    "ENDED",
    "PAST_DUE",
}


def check_list_my_mandates_status(value: str) -> ListMyMandatesStatus:
    if value in LIST_MY_MANDATES_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MY_MANDATES_STATUS_VALUES!r}"
    )
