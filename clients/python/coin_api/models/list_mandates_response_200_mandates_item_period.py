from typing import Literal

ListMandatesResponse200MandatesItemPeriod = Literal["DAY", "MONTH", "WEEK"]

LIST_MANDATES_RESPONSE_200_MANDATES_ITEM_PERIOD_VALUES: set[
    ListMandatesResponse200MandatesItemPeriod
] = {
    "DAY",
    "MONTH",
    "WEEK",
}


def check_list_mandates_response_200_mandates_item_period(
    value: str,
) -> ListMandatesResponse200MandatesItemPeriod:
    if value in LIST_MANDATES_RESPONSE_200_MANDATES_ITEM_PERIOD_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MANDATES_RESPONSE_200_MANDATES_ITEM_PERIOD_VALUES!r}"
    )
