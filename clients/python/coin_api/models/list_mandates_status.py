from typing import Literal

ListMandatesStatus = Literal["ACTIVE", "CANCELLED", "ENDED", "PAST_DUE"]

LIST_MANDATES_STATUS_VALUES: set[ListMandatesStatus] = {
    "ACTIVE",
    "CANCELLED",
    "ENDED",
    "PAST_DUE",
}


def check_list_mandates_status(value: str) -> ListMandatesStatus:
    if value in LIST_MANDATES_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MANDATES_STATUS_VALUES!r}"
    )
