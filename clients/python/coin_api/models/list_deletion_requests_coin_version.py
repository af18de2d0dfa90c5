from typing import Literal

ListDeletionRequestsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_DELETION_REQUESTS_COIN_VERSION_VALUES: set[ListDeletionRequestsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_deletion_requests_coin_version(
    value: str,
) -> ListDeletionRequestsCoinVersion:
    if value in LIST_DELETION_REQUESTS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_DELETION_REQUESTS_COIN_VERSION_VALUES!r}"
    )
