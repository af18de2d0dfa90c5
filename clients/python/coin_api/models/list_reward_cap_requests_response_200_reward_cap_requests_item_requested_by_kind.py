from typing import Literal

ListRewardCapRequestsResponse200RewardCapRequestsItemRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

LIST_REWARD_CAP_REQUESTS_RESPONSE_200_REWARD_CAP_REQUESTS_ITEM_REQUESTED_BY_KIND_VALUES: set[
    ListRewardCapRequestsResponse200RewardCapRequestsItemRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_list_reward_cap_requests_response_200_reward_cap_requests_item_requested_by_kind(
    value: str,
) -> ListRewardCapRequestsResponse200RewardCapRequestsItemRequestedByKind:
    if (
        value
        in LIST_REWARD_CAP_REQUESTS_RESPONSE_200_REWARD_CAP_REQUESTS_ITEM_REQUESTED_BY_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_REWARD_CAP_REQUESTS_RESPONSE_200_REWARD_CAP_REQUESTS_ITEM_REQUESTED_BY_KIND_VALUES!r}"
    )
