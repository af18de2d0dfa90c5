from typing import Literal

RequestRewardCapChangeResponse202RewardCapRequestStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

REQUEST_REWARD_CAP_CHANGE_RESPONSE_202_REWARD_CAP_REQUEST_STATUS_VALUES: set[
    RequestRewardCapChangeResponse202RewardCapRequestStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_request_reward_cap_change_response_202_reward_cap_request_status(
    value: str,
) -> RequestRewardCapChangeResponse202RewardCapRequestStatus:
    if value in REQUEST_REWARD_CAP_CHANGE_RESPONSE_202_REWARD_CAP_REQUEST_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_REWARD_CAP_CHANGE_RESPONSE_202_REWARD_CAP_REQUEST_STATUS_VALUES!r}"
    )
