from typing import Literal

RequestRewardCapChangeResponse202RewardCapRequestRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

REQUEST_REWARD_CAP_CHANGE_RESPONSE_202_REWARD_CAP_REQUEST_REQUESTED_BY_ROLE_VALUES: set[
    RequestRewardCapChangeResponse202RewardCapRequestRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_request_reward_cap_change_response_202_reward_cap_request_requested_by_role(
    value: str,
) -> RequestRewardCapChangeResponse202RewardCapRequestRequestedByRole:
    if (
        value
        in REQUEST_REWARD_CAP_CHANGE_RESPONSE_202_REWARD_CAP_REQUEST_REQUESTED_BY_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_REWARD_CAP_CHANGE_RESPONSE_202_REWARD_CAP_REQUEST_REQUESTED_BY_ROLE_VALUES!r}"
    )
