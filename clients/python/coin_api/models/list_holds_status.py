from typing import Literal

ListHoldsStatus = Literal["CAPTURED", "EXPIRED", "PENDING", "VOIDED"]

LIST_HOLDS_STATUS_VALUES: set[ListHoldsStatus] = {
    "CAPTURED",
    "EXPIRED",
    "PENDING",
    "VOIDED",
}


def check_list_holds_status(value: str) -> ListHoldsStatus:
    if value in LIST_HOLDS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_HOLDS_STATUS_VALUES!r}"
    )
