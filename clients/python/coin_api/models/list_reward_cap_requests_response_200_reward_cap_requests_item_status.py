from typing import Literal

ListRewardCapRequestsResponse200RewardCapRequestsItemStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

LIST_REWARD_CAP_REQUESTS_RESPONSE_200_REWARD_CAP_REQUESTS_ITEM_STATUS_VALUES: set[
    ListRewardCapRequestsResponse200RewardCapRequestsItemStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_list_reward_cap_requests_response_200_reward_cap_requests_item_status(
    value: str,
) -> ListRewardCapRequestsResponse200RewardCapRequestsItemStatus:
    if (
        value
        in LIST_REWARD_CAP_REQUESTS_RESPONSE_200_REWARD_CAP_REQUESTS_ITEM_STATUS_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_REWARD_CAP_REQUESTS_RESPONSE_200_REWARD_CAP_REQUESTS_ITEM_STATUS_VALUES!r}"
    )
