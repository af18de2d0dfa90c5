from typing import Literal

RequestRewardCapChangeResponse202RewardCapRequestRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

REQUEST_REWARD_CAP_CHANGE_RESPONSE_202_REWARD_CAP_REQUEST_REQUESTED_BY_KIND_VALUES: set[
    RequestRewardCapChangeResponse202RewardCapRequestRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_request_reward_cap_change_response_202_reward_cap_request_requested_by_kind(
    value: str,
) -> RequestRewardCapChangeResponse202RewardCapRequestRequestedByKind:
    if (
        value
        in REQUEST_REWARD_CAP_CHANGE_RESPONSE_202_REWARD_CAP_REQUEST_REQUESTED_BY_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_REWARD_CAP_CHANGE_RESPONSE_202_REWARD_CAP_REQUEST_REQUESTED_BY_KIND_VALUES!r}"
    )
