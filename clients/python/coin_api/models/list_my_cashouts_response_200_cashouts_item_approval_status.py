from typing import Literal

ListMyCashoutsResponse200CashoutsItemApprovalStatus = Literal[
    "APPROVED", "NOT_REQUIRED", "PENDING"
]

LIST_MY_CASHOUTS_RESPONSE_200_CASHOUTS_ITEM_APPROVAL_STATUS_VALUES: set[
    ListMyCashoutsResponse200CashoutsItemApprovalStatus
] = {
    "APPROVED",
    "NOT_REQUIRED",
    "PENDING",
}


def check_list_my_cashouts_response_200_cashouts_item_approval_status(
    value: str,
) -> ListMyCashoutsResponse200CashoutsItemApprovalStatus:
    if value in LIST_MY_CASHOUTS_RESPONSE_200_CASHOUTS_ITEM_APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MY_CASHOUTS_RESPONSE_200_CASHOUTS_ITEM_APPROVAL_STATUS_VALUES!r}"
    )
