from typing import Literal

RequestRewardCapChangeResponse202RewardCapRequestActType = Literal[
    "user.platform-client.set-reward-cap"
]

REQUEST_REWARD_CAP_CHANGE_RESPONSE_202_REWARD_CAP_REQUEST_ACT_TYPE_VALUES: set[
    RequestRewardCapChangeResponse202RewardCapRequestActType
] = {
    "user.platform-client.set-reward-cap",
}


def check_request_reward_cap_change_response_202_reward_cap_request_act_type(
    value: str,
) -> RequestRewardCapChangeResponse202RewardCapRequestActType:
    if (
        value
        in REQUEST_REWARD_CAP_CHANGE_RESPONSE_202_REWARD_CAP_REQUEST_ACT_TYPE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_REWARD_CAP_CHANGE_RESPONSE_202_REWARD_CAP_REQUEST_ACT_TYPE_VALUES!r}"
    )
