from typing import Literal

ListMyMandatesResponse200MandatesItemStatus = Literal[
    "ACTIVE", "CANCELLED", "ENDED", "PAST_DUE"
]

LIST_MY_MANDATES_RESPONSE_200_MANDATES_ITEM_STATUS_VALUES: set[
    ListMyMandatesResponse200MandatesItemStatus
] = {
    "ACTIVE",
    "CANCELLED",
    "ENDED",
    "PAST_DUE",
}


def check_list_my_mandates_response_200_mandates_item_status(
    value: str,
) -> ListMyMandatesResponse200MandatesItemStatus:
    if value in LIST_MY_MANDATES_RESPONSE_200_MANDATES_ITEM_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MY_MANDATES_RESPONSE_200_MANDATES_ITEM_STATUS_VALUES!r}"
    )
