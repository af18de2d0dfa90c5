from typing import Literal

ApproveRewardCapRequestResponse200RewardCapRequestActType = Literal[
    "user.platform-client.set-reward-cap"
]

APPROVE_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_ACT_TYPE_VALUES: set[
    ApproveRewardCapRequestResponse200RewardCapRequestActType
] = {
    "user.platform-client.set-reward-cap",
}


def check_approve_reward_cap_request_response_200_reward_cap_request_act_type(
    value: str,
) -> ApproveRewardCapRequestResponse200RewardCapRequestActType:
    if (
        value
        in APPROVE_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_ACT_TYPE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_ACT_TYPE_VALUES!r}"
    )
