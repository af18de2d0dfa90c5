from typing import Literal

ListDeletionRequestsStatus = Literal["APPROVED", "EXPIRED", "PENDING", "REJECTED"]

LIST_DELETION_REQUESTS_STATUS_VALUES: set[ListDeletionRequestsStatus] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_list_deletion_requests_status(value: str) -> ListDeletionRequestsStatus:
    if value in LIST_DELETION_REQUESTS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_DELETION_REQUESTS_STATUS_VALUES!r}"
    )
