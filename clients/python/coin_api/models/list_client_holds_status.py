from typing import Literal

ListClientHoldsStatus = Literal["CAPTURED", "EXPIRED", "PENDING", "VOIDED"]

LIST_CLIENT_HOLDS_STATUS_VALUES: set[ListClientHoldsStatus] = {
    "CAPTURED",
    "EXPIRED",
    "PENDING",
    "VOIDED",
}


def check_list_client_holds_status(value: str) -> ListClientHoldsStatus:
    if value in LIST_CLIENT_HOLDS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CLIENT_HOLDS_STATUS_VALUES!r}"
    )
