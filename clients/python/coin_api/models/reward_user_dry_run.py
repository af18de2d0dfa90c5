from typing import Literal

RewardUserDryRun = Literal["false", "true"]

REWARD_USER_DRY_RUN_VALUES: set[RewardUserDryRun] = {
    "false",
    "true",
}


def check_reward_user_dry_run(value: str) -> RewardUserDryRun:
    if value in REWARD_USER_DRY_RUN_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REWARD_USER_DRY_RUN_VALUES!r}"
    )
