from typing import Literal

ListClientMandatesResponse200MandatesItemPeriod = Literal["DAY", "MONTH", "WEEK"]

LIST_CLIENT_MANDATES_RESPONSE_200_MANDATES_ITEM_PERIOD_VALUES: set[
    ListClientMandatesResponse200MandatesItemPeriod
] = {
    "DAY",
    "MONTH",
    "WEEK",
}


def check_list_client_mandates_response_200_mandates_item_period(
    value: str,
) -> ListClientMandatesResponse200MandatesItemPeriod:
    if value in LIST_CLIENT_MANDATES_RESPONSE_200_MANDATES_ITEM_PERIOD_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CLIENT_MANDATES_RESPONSE_200_MANDATES_ITEM_PERIOD_VALUES!r}"
    )
