from typing import Literal

RequestRewardCapChangeCoinVersion = Literal["3.0.0", "3.1.0"]

REQUEST_REWARD_CAP_CHANGE_COIN_VERSION_VALUES: set[
    RequestRewardCapChangeCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_request_reward_cap_change_coin_version(
    value: str,
) -> RequestRewardCapChangeCoinVersion:
    if value in REQUEST_REWARD_CAP_CHANGE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_REWARD_CAP_CHANGE_COIN_VERSION_VALUES!r}"
    )
