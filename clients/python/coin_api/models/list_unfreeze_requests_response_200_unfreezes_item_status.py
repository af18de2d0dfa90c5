from typing import Literal

ListUnfreezeRequestsResponse200UnfreezesItemStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

LIST_UNFREEZE_REQUESTS_RESPONSE_200_UNFREEZES_ITEM_STATUS_VALUES: set[
    ListUnfreezeRequestsResponse200UnfreezesItemStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_list_unfreeze_requests_response_200_unfreezes_item_status(
    value: str,
) -> ListUnfreezeRequestsResponse200UnfreezesItemStatus:
    if value in LIST_UNFREEZE_REQUESTS_RESPONSE_200_UNFREEZES_ITEM_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_UNFREEZE_REQUESTS_RESPONSE_200_UNFREEZES_ITEM_STATUS_VALUES!r}"
    )
