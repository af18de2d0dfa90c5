from typing import Literal

RewardUserCoinVersion = Literal["3.0.0", "3.1.0"]

REWARD_USER_COIN_VERSION_VALUES: set[RewardUserCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_reward_user_coin_version(value: str) -> RewardUserCoinVersion:
    if value in REWARD_USER_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REWARD_USER_COIN_VERSION_VALUES!r}"
    )
