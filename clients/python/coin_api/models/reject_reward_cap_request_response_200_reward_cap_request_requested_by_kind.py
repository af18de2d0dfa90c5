from typing import Literal

RejectRewardCapRequestResponse200RewardCapRequestRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

REJECT_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_REQUESTED_BY_KIND_VALUES: set[
    RejectRewardCapRequestResponse200RewardCapRequestRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_reject_reward_cap_request_response_200_reward_cap_request_requested_by_kind(
    value: str,
) -> RejectRewardCapRequestResponse200RewardCapRequestRequestedByKind:
    if (
        value
        in REJECT_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_REQUESTED_BY_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_REQUESTED_BY_KIND_VALUES!r}"
    )
