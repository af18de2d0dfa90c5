from typing import Literal

ListUnfreezeRequestsResponse200UnfreezesItemDecidedByType0Role = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

LIST_UNFREEZE_REQUESTS_RESPONSE_200_UNFREEZES_ITEM_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    ListUnfreezeRequestsResponse200UnfreezesItemDecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_list_unfreeze_requests_response_200_unfreezes_item_decided_by_type_0_role(
    value: str,
) -> ListUnfreezeRequestsResponse200UnfreezesItemDecidedByType0Role:
    if (
        value
        in LIST_UNFREEZE_REQUESTS_RESPONSE_200_UNFREEZES_ITEM_DECIDED_BY_TYPE_0_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_UNFREEZE_REQUESTS_RESPONSE_200_UNFREEZES_ITEM_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
