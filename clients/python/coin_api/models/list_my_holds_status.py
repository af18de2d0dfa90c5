from typing import Literal

ListMyHoldsStatus = Literal["CAPTURED", "EXPIRED", "PENDING", "VOIDED"]

LIST_MY_HOLDS_STATUS_VALUES: set[ListMyHoldsStatus] = {
    "CAPTURED",
    "EXPIRED",
    "PENDING",
    "VOIDED",
}


def check_list_my_holds_status(value: str) -> ListMyHoldsStatus:
    if value in LIST_MY_HOLDS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MY_HOLDS_STATUS_VALUES!r}"
    )
