from typing import Literal

ListAssignedCashoutsResponse200CashoutsItemApprovalStatus = Literal[
    "APPROVED", "NOT_REQUIRED", "PENDING"
]

LIST_ASSIGNED_CASHOUTS_RESPONSE_200_CASHOUTS_ITEM_APPROVAL_STATUS_VALUES: set[
    ListAssignedCashoutsResponse200CashoutsItemApprovalStatus
] = {
    "APPROVED",
    "NOT_REQUIRED",
    "PENDING",
}


def check_list_assigned_cashouts_response_200_cashouts_item_approval_status(
    value: str,
) -> ListAssignedCashoutsResponse200CashoutsItemApprovalStatus:
    if (
        value
        in LIST_ASSIGNED_CASHOUTS_RESPONSE_200_CASHOUTS_ITEM_APPROVAL_STATUS_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_ASSIGNED_CASHOUTS_RESPONSE_200_CASHOUTS_ITEM_APPROVAL_STATUS_VALUES!r}"
    )
