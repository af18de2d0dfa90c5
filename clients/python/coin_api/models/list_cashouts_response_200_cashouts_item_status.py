from typing import Literal

ListCashoutsResponse200CashoutsItemStatus = Literal[
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
]

LIST_CASHOUTS_RESPONSE_200_CASHOUTS_ITEM_STATUS_VALUES: set[
    ListCashoutsResponse200CashoutsItemStatus
] = {
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
}


def check_list_cashouts_response_200_cashouts_item_status(
    value: str,
) -> ListCashoutsResponse200CashoutsItemStatus:
    if value in LIST_CASHOUTS_RESPONSE_200_CASHOUTS_ITEM_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CASHOUTS_RESPONSE_200_CASHOUTS_ITEM_STATUS_VALUES!r}"
    )
