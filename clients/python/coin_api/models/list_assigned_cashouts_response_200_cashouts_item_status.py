from typing import Literal

ListAssignedCashoutsResponse200CashoutsItemStatus = Literal[
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
]

LIST_ASSIGNED_CASHOUTS_RESPONSE_200_CASHOUTS_ITEM_STATUS_VALUES: set[
    ListAssignedCashoutsResponse200CashoutsItemStatus
] = {
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
}


def check_list_assigned_cashouts_response_200_cashouts_item_status(
    value: str,
) -> ListAssignedCashoutsResponse200CashoutsItemStatus:
    if value in LIST_ASSIGNED_CASHOUTS_RESPONSE_200_CASHOUTS_ITEM_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_ASSIGNED_CASHOUTS_RESPONSE_200_CASHOUTS_ITEM_STATUS_VALUES!r}"
    )
