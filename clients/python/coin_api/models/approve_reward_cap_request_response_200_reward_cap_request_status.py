from typing import Literal

ApproveRewardCapRequestResponse200RewardCapRequestStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

APPROVE_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_STATUS_VALUES: set[
    ApproveRewardCapRequestResponse200RewardCapRequestStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_approve_reward_cap_request_response_200_reward_cap_request_status(
    value: str,
) -> ApproveRewardCapRequestResponse200RewardCapRequestStatus:
    if (
        value
        in APPROVE_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_STATUS_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_STATUS_VALUES!r}"
    )
