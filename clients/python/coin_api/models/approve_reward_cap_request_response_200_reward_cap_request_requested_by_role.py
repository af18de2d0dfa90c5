from typing import Literal

ApproveRewardCapRequestResponse200RewardCapRequestRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

APPROVE_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_REQUESTED_BY_ROLE_VALUES: set[
    ApproveRewardCapRequestResponse200RewardCapRequestRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_approve_reward_cap_request_response_200_reward_cap_request_requested_by_role(
    value: str,
) -> ApproveRewardCapRequestResponse200RewardCapRequestRequestedByRole:
    if (
        value
        in APPROVE_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_REQUESTED_BY_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_REQUESTED_BY_ROLE_VALUES!r}"
    )
