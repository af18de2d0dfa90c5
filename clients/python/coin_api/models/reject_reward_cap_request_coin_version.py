from typing import Literal

RejectRewardCapRequestCoinVersion = Literal["3.0.0", "3.1.0"]

REJECT_REWARD_CAP_REQUEST_COIN_VERSION_VALUES: set[
    RejectRewardCapRequestCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_reject_reward_cap_request_coin_version(
    value: str,
) -> RejectRewardCapRequestCoinVersion:
    if value in REJECT_REWARD_CAP_REQUEST_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_REWARD_CAP_REQUEST_COIN_VERSION_VALUES!r}"
    )
