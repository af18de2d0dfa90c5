from typing import Literal

RequestRewardCapChangeResponse202RewardCapRequestDecidedByType0Kind = Literal[
    "operator", "service", "system", "user"
]

REQUEST_REWARD_CAP_CHANGE_RESPONSE_202_REWARD_CAP_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    RequestRewardCapChangeResponse202RewardCapRequestDecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_request_reward_cap_change_response_202_reward_cap_request_decided_by_type_0_kind(
    value: str,
) -> RequestRewardCapChangeResponse202RewardCapRequestDecidedByType0Kind:
    if (
        value
        in REQUEST_REWARD_CAP_CHANGE_RESPONSE_202_REWARD_CAP_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_REWARD_CAP_CHANGE_RESPONSE_202_REWARD_CAP_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
