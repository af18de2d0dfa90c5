from typing import Literal

RejectRewardCapRequestResponse200RewardCapRequestActType = Literal[
    "user.platform-client.set-reward-cap"
]

REJECT_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_ACT_TYPE_VALUES: set[
    RejectRewardCapRequestResponse200RewardCapRequestActType
] = {
    "user.platform-client.set-reward-cap",
}


def check_reject_reward_cap_request_response_200_reward_cap_request_act_type(
    value: str,
) -> RejectRewardCapRequestResponse200RewardCapRequestActType:
    if (
        value
        in REJECT_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_ACT_TYPE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_ACT_TYPE_VALUES!r}"
    )
