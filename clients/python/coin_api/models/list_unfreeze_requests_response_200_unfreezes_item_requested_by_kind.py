from typing import Literal

ListUnfreezeRequestsResponse200UnfreezesItemRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

LIST_UNFREEZE_REQUESTS_RESPONSE_200_UNFREEZES_ITEM_REQUESTED_BY_KIND_VALUES: set[
    ListUnfreezeRequestsResponse200UnfreezesItemRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_list_unfreeze_requests_response_200_unfreezes_item_requested_by_kind(
    value: str,
) -> ListUnfreezeRequestsResponse200UnfreezesItemRequestedByKind:
    if (
        value
        in LIST_UNFREEZE_REQUESTS_RESPONSE_200_UNFREEZES_ITEM_REQUESTED_BY_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_UNFREEZE_REQUESTS_RESPONSE_200_UNFREEZES_ITEM_REQUESTED_BY_KIND_VALUES!r}"
    )
