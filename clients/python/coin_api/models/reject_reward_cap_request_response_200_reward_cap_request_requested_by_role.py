from typing import Literal

RejectRewardCapRequestResponse200RewardCapRequestRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

REJECT_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_REQUESTED_BY_ROLE_VALUES: set[
    RejectRewardCapRequestResponse200RewardCapRequestRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_reject_reward_cap_request_response_200_reward_cap_request_requested_by_role(
    value: str,
) -> RejectRewardCapRequestResponse200RewardCapRequestRequestedByRole:
    if (
        value
        in REJECT_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_REQUESTED_BY_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_REQUESTED_BY_ROLE_VALUES!r}"
    )
