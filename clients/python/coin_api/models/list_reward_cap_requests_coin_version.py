from typing import Literal

ListRewardCapRequestsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_REWARD_CAP_REQUESTS_COIN_VERSION_VALUES: set[ListRewardCapRequestsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_reward_cap_requests_coin_version(
    value: str,
) -> ListRewardCapRequestsCoinVersion:
    if value in LIST_REWARD_CAP_REQUESTS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_REWARD_CAP_REQUESTS_COIN_VERSION_VALUES!r}"
    )
