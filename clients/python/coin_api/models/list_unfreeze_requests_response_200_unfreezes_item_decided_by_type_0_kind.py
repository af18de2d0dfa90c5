from typing import Literal

ListUnfreezeRequestsResponse200UnfreezesItemDecidedByType0Kind = Literal[
    "operator", "service", "system", "user"
]

LIST_UNFREEZE_REQUESTS_RESPONSE_200_UNFREEZES_ITEM_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    ListUnfreezeRequestsResponse200UnfreezesItemDecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_list_unfreeze_requests_response_200_unfreezes_item_decided_by_type_0_kind(
    value: str,
) -> ListUnfreezeRequestsResponse200UnfreezesItemDecidedByType0Kind:
    if (
        value
        in LIST_UNFREEZE_REQUESTS_RESPONSE_200_UNFREEZES_ITEM_DECIDED_BY_TYPE_0_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_UNFREEZE_REQUESTS_RESPONSE_200_UNFREEZES_ITEM_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
