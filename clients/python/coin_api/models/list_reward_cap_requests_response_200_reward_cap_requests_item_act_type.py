from typing import Literal

ListRewardCapRequestsResponse200RewardCapRequestsItemActType = Literal[
    "user.platform-client.set-reward-cap"
]

LIST_REWARD_CAP_REQUESTS_RESPONSE_200_REWARD_CAP_REQUESTS_ITEM_ACT_TYPE_VALUES: set[
    ListRewardCapRequestsResponse200RewardCapRequestsItemActType
] = {
    "user.platform-client.set-reward-cap",
}


def check_list_reward_cap_requests_response_200_reward_cap_requests_item_act_type(
    value: str,
) -> ListRewardCapRequestsResponse200RewardCapRequestsItemActType:
    if (
        value
        in LIST_REWARD_CAP_REQUESTS_RESPONSE_200_REWARD_CAP_REQUESTS_ITEM_ACT_TYPE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_REWARD_CAP_REQUESTS_RESPONSE_200_REWARD_CAP_REQUESTS_ITEM_ACT_TYPE_VALUES!r}"
    )
