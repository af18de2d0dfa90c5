from typing import Literal

ListRewardCapRequestsResponse200RewardCapRequestsItemRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

LIST_REWARD_CAP_REQUESTS_RESPONSE_200_REWARD_CAP_REQUESTS_ITEM_REQUESTED_BY_ROLE_VALUES: set[
    ListRewardCapRequestsResponse200RewardCapRequestsItemRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_list_reward_cap_requests_response_200_reward_cap_requests_item_requested_by_role(
    value: str,
) -> ListRewardCapRequestsResponse200RewardCapRequestsItemRequestedByRole:
    if (
        value
        in LIST_REWARD_CAP_REQUESTS_RESPONSE_200_REWARD_CAP_REQUESTS_ITEM_REQUESTED_BY_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_REWARD_CAP_REQUESTS_RESPONSE_200_REWARD_CAP_REQUESTS_ITEM_REQUESTED_BY_ROLE_VALUES!r}"
    )
