from typing import Literal

ApproveRewardCapRequestCoinVersion = Literal["3.0.0", "3.1.0"]

APPROVE_REWARD_CAP_REQUEST_COIN_VERSION_VALUES: set[
    ApproveRewardCapRequestCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_approve_reward_cap_request_coin_version(
    value: str,
) -> ApproveRewardCapRequestCoinVersion:
    if value in APPROVE_REWARD_CAP_REQUEST_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_REWARD_CAP_REQUEST_COIN_VERSION_VALUES!r}"
    )
