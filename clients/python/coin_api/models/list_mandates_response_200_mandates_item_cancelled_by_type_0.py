from typing import Literal

ListMandatesResponse200MandatesItemCancelledByType0 = Literal["admin", "client", "user"]

LIST_MANDATES_RESPONSE_200_MANDATES_ITEM_CANCELLED_BY_TYPE_0_VALUES: set[
    ListMandatesResponse200MandatesItemCancelledByType0
] = {
    "admin",
    "client",
    "user",
}


def check_list_mandates_response_200_mandates_item_cancelled_by_type_0(
    value: str,
) -> ListMandatesResponse200MandatesItemCancelledByType0:
    if value in LIST_MANDATES_RESPONSE_200_MANDATES_ITEM_CANCELLED_BY_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MANDATES_RESPONSE_200_MANDATES_ITEM_CANCELLED_BY_TYPE_0_VALUES!r}"
    )
