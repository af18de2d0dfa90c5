from typing import Literal

ListCashoutsApproval = Literal["CLEARED", "PENDING"]

LIST_CASHOUTS_APPROVAL_VALUES: set[ListCashoutsApproval] = {
    "CLEARED",
    "PENDING",
}


def check_list_cashouts_approval(value: str) -> ListCashoutsApproval:
    if value in LIST_CASHOUTS_APPROVAL_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CASHOUTS_APPROVAL_VALUES!r}"
    )
