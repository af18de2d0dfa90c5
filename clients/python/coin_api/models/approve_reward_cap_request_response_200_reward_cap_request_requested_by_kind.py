from typing import Literal

ApproveRewardCapRequestResponse200RewardCapRequestRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

APPROVE_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_REQUESTED_BY_KIND_VALUES: set[
    ApproveRewardCapRequestResponse200RewardCapRequestRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_approve_reward_cap_request_response_200_reward_cap_request_requested_by_kind(
    value: str,
) -> ApproveRewardCapRequestResponse200RewardCapRequestRequestedByKind:
    if (
        value
        in APPROVE_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_REQUESTED_BY_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_REQUESTED_BY_KIND_VALUES!r}"
    )
