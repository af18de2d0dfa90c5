from typing import Literal

ListMyMandatesResponse200MandatesItemPeriod = Literal["DAY", "MONTH", "WEEK"]

LIST_MY_MANDATES_RESPONSE_200_MANDATES_ITEM_PERIOD_VALUES: set[
    ListMyMandatesResponse200MandatesItemPeriod
] = {
    "DAY",
    "MONTH",
    "WEEK",
}


def check_list_my_mandates_response_200_mandates_item_period(
    value: str,
) -> ListMyMandatesResponse200MandatesItemPeriod:
    if value in LIST_MY_MANDATES_RESPONSE_200_MANDATES_ITEM_PERIOD_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MY_MANDATES_RESPONSE_200_MANDATES_ITEM_PERIOD_VALUES!r}"
    )
