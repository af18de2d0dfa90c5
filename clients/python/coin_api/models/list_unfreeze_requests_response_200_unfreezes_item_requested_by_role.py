from typing import Literal

ListUnfreezeRequestsResponse200UnfreezesItemRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

LIST_UNFREEZE_REQUESTS_RESPONSE_200_UNFREEZES_ITEM_REQUESTED_BY_ROLE_VALUES: set[
    ListUnfreezeRequestsResponse200UnfreezesItemRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_list_unfreeze_requests_response_200_unfreezes_item_requested_by_role(
    value: str,
) -> ListUnfreezeRequestsResponse200UnfreezesItemRequestedByRole:
    if (
        value
        in LIST_UNFREEZE_REQUESTS_RESPONSE_200_UNFREEZES_ITEM_REQUESTED_BY_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_UNFREEZE_REQUESTS_RESPONSE_200_UNFREEZES_ITEM_REQUESTED_BY_ROLE_VALUES!r}"
    )
