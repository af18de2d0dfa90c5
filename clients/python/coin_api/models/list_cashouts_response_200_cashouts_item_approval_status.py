from typing import Literal

ListCashoutsResponse200CashoutsItemApprovalStatus = Literal[
    "APPROVED", "NOT_REQUIRED", "PENDING"
]

LIST_CASHOUTS_RESPONSE_200_CASHOUTS_ITEM_APPROVAL_STATUS_VALUES: set[
    ListCashoutsResponse200CashoutsItemApprovalStatus
] = {
    "APPROVED",
    "NOT_REQUIRED",
    "PENDING",
}


def check_list_cashouts_response_200_cashouts_item_approval_status(
    value: str,
) -> ListCashoutsResponse200CashoutsItemApprovalStatus:
    if value in LIST_CASHOUTS_RESPONSE_200_CASHOUTS_ITEM_APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CASHOUTS_RESPONSE_200_CASHOUTS_ITEM_APPROVAL_STATUS_VALUES!r}"
    )
