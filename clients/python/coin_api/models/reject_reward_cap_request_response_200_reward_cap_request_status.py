from typing import Literal

RejectRewardCapRequestResponse200RewardCapRequestStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

REJECT_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_STATUS_VALUES: set[
    RejectRewardCapRequestResponse200RewardCapRequestStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_reject_reward_cap_request_response_200_reward_cap_request_status(
    value: str,
) -> RejectRewardCapRequestResponse200RewardCapRequestStatus:
    if value in REJECT_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_REWARD_CAP_REQUEST_RESPONSE_200_REWARD_CAP_REQUEST_STATUS_VALUES!r}"
    )
