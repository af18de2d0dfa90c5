from typing import Literal

ListUnfreezeRequestsStatus = Literal["APPROVED", "EXPIRED", "PENDING", "REJECTED"]

LIST_UNFREEZE_REQUESTS_STATUS_VALUES: set[ListUnfreezeRequestsStatus] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_list_unfreeze_requests_status(value: str) -> ListUnfreezeRequestsStatus:
    if value in LIST_UNFREEZE_REQUESTS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_UNFREEZE_REQUESTS_STATUS_VALUES!r}"
    )
