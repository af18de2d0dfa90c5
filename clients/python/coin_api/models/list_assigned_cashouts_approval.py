from typing import Literal

ListAssignedCashoutsApproval = Literal["CLEARED", "PENDING"]

LIST_ASSIGNED_CASHOUTS_APPROVAL_VALUES: set[ListAssignedCashoutsApproval] = {
    "CLEARED",
    "PENDING",
}


def check_list_assigned_cashouts_approval(value: str) -> ListAssignedCashoutsApproval:
    if value in LIST_ASSIGNED_CASHOUTS_APPROVAL_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_ASSIGNED_CASHOUTS_APPROVAL_VALUES!r}"
    )
