from typing import Literal

ListUnfreezeRequestsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_UNFREEZE_REQUESTS_COIN_VERSION_VALUES: set[ListUnfreezeRequestsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_unfreeze_requests_coin_version(
    value: str,
) -> ListUnfreezeRequestsCoinVersion:
    if value in LIST_UNFREEZE_REQUESTS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_UNFREEZE_REQUESTS_COIN_VERSION_VALUES!r}"
    )
