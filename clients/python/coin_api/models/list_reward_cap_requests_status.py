from typing import Literal

ListRewardCapRequestsStatus = Literal["APPROVED", "EXPIRED", "PENDING", "REJECTED"]

LIST_REWARD_CAP_REQUESTS_STATUS_VALUES: set[ListRewardCapRequestsStatus] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_list_reward_cap_requests_status(value: str) -> ListRewardCapRequestsStatus:
    if value in LIST_REWARD_CAP_REQUESTS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_REWARD_CAP_REQUESTS_STATUS_VALUES!r}"
    )
