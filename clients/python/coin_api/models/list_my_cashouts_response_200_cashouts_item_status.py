from typing import Literal

ListMyCashoutsResponse200CashoutsItemStatus = Literal[
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
]

LIST_MY_CASHOUTS_RESPONSE_200_CASHOUTS_ITEM_STATUS_VALUES: set[
    ListMyCashoutsResponse200CashoutsItemStatus
] = {
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
}


def check_list_my_cashouts_response_200_cashouts_item_status(
    value: str,
) -> ListMyCashoutsResponse200CashoutsItemStatus:
    if value in LIST_MY_CASHOUTS_RESPONSE_200_CASHOUTS_ITEM_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MY_CASHOUTS_RESPONSE_200_CASHOUTS_ITEM_STATUS_VALUES!r}"
    )
