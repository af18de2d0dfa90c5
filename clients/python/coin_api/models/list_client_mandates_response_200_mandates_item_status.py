from typing import Literal

ListClientMandatesResponse200MandatesItemStatus = Literal[
    "ACTIVE", "CANCELLED", "ENDED", "PAST_DUE"
]

LIST_CLIENT_MANDATES_RESPONSE_200_MANDATES_ITEM_STATUS_VALUES: set[
    ListClientMandatesResponse200MandatesItemStatus
] = {
    "ACTIVE",
    "CANCELLED",
    "ENDED",
    "PAST_DUE",
}


def check_list_client_mandates_response_200_mandates_item_status(
    value: str,
) -> ListClientMandatesResponse200MandatesItemStatus:
    if value in LIST_CLIENT_MANDATES_RESPONSE_200_MANDATES_ITEM_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CLIENT_MANDATES_RESPONSE_200_MANDATES_ITEM_STATUS_VALUES!r}"
    )
