from typing import Literal

RejectRewardCapRequestResponse200RewardCapRequestDecidedByType0Role = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

REJECT_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    RejectRewardCapRequestResponse200RewardCapRequestDecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_reject_reward_cap_request_response_200_reward_cap_request_decided_by_type_0_role(
    value: str,
) -> RejectRewardCapRequestResponse200RewardCapRequestDecidedByType0Role:
    if (
        value
        in REJECT_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
