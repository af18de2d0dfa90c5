from typing import Literal

ListMandatesResponse200MandatesItemStatus = Literal[
    "ACTIVE", "CANCELLED", "ENDED", "PAST_DUE"
]

LIST_MANDATES_RESPONSE_200_MANDATES_ITEM_STATUS_VALUES: set[
    ListMandatesResponse200MandatesItemStatus
] = {
    "ACTIVE",
    "CANCELLED",
    "ENDED",
    "PAST_DUE",
}


def check_list_mandates_response_200_mandates_item_status(
    value: str,
) -> ListMandatesResponse200MandatesItemStatus:
    if value in LIST_MANDATES_RESPONSE_200_MANDATES_ITEM_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MANDATES_RESPONSE_200_MANDATES_ITEM_STATUS_VALUES!r}"
    )
