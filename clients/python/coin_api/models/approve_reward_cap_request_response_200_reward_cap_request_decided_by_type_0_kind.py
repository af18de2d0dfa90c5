from typing import Literal

ApproveRewardCapRequestResponse200RewardCapRequestDecidedByType0Kind = Literal[
    "operator", "service", "system", "user"
]

APPROVE_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    ApproveRewardCapRequestResponse200RewardCapRequestDecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_approve_reward_cap_request_response_200_reward_cap_request_decided_by_type_0_kind(
    value: str,
) -> ApproveRewardCapRequestResponse200RewardCapRequestDecidedByType0Kind:
    if (
        value
        in APPROVE_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
