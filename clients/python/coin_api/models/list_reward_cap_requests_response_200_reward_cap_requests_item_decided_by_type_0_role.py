from typing import Literal

ListRewardCapRequestsResponse200RewardCapRequestsItemDecidedByType0Role = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

LIST_REWARD_CAP_REQUESTS_RESPONSE_200_REWARD_CAP_REQUESTS_ITEM_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    ListRewardCapRequestsResponse200RewardCapRequestsItemDecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_list_reward_cap_requests_response_200_reward_cap_requests_item_decided_by_type_0_role(
    value: str,
) -> ListRewardCapRequestsResponse200RewardCapRequestsItemDecidedByType0Role:
    if (
        value
        in LIST_REWARD_CAP_REQUESTS_RESPONSE_200_REWARD_CAP_REQUESTS_ITEM_DECIDED_BY_TYPE_0_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_REWARD_CAP_REQUESTS_RESPONSE_200_REWARD_CAP_REQUESTS_ITEM_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
