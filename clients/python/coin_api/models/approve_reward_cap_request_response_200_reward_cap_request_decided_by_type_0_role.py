from typing import Literal

ApproveRewardCapRequestResponse200RewardCapRequestDecidedByType0Role = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

APPROVE_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    ApproveRewardCapRequestResponse200RewardCapRequestDecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_approve_reward_cap_request_response_200_reward_cap_request_decided_by_type_0_role(
    value: str,
) -> ApproveRewardCapRequestResponse200RewardCapRequestDecidedByType0Role:
    if (
        value
        in APPROVE_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
