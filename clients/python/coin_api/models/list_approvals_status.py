from typing import Literal

ListApprovalsStatus = Literal["APPROVED", "EXPIRED", "PENDING", "REJECTED"]

LIST_APPROVALS_STATUS_VALUES: set[ListApprovalsStatus] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_list_approvals_status(value: str) -> ListApprovalsStatus:
    if value in LIST_APPROVALS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_APPROVALS_STATUS_VALUES!r}"
    )
