from typing import Literal

ListGrantRequestsStatus = Literal["APPROVED", "EXPIRED", "PENDING", "REJECTED"]

LIST_GRANT_REQUESTS_STATUS_VALUES: set[ListGrantRequestsStatus] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_list_grant_requests_status(value: str) -> ListGrantRequestsStatus:
    if value in LIST_GRANT_REQUESTS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_GRANT_REQUESTS_STATUS_VALUES!r}"
    )
