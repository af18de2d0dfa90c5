from typing import Literal

ListClientMandatesStatus = Literal["ACTIVE", "CANCELLED", "ENDED", "PAST_DUE"]

LIST_CLIENT_MANDATES_STATUS_VALUES: set[ListClientMandatesStatus] = {
    "ACTIVE",
    "CANCELLED",
    "ENDED",
    "PAST_DUE",
}


def check_list_client_mandates_status(value: str) -> ListClientMandatesStatus:
    if value in LIST_CLIENT_MANDATES_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CLIENT_MANDATES_STATUS_VALUES!r}"
    )
