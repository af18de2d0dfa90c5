from typing import Literal

ListGrantRequestsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_GRANT_REQUESTS_COIN_VERSION_VALUES: set[ListGrantRequestsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_grant_requests_coin_version(value: str) -> ListGrantRequestsCoinVersion:
    if value in LIST_GRANT_REQUESTS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_GRANT_REQUESTS_COIN_VERSION_VALUES!r}"
    )
