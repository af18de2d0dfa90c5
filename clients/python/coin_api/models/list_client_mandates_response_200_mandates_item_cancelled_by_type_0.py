from typing import Literal

ListClientMandatesResponse200MandatesItemCancelledByType0 = Literal[
    "admin", "client", "user"
]

LIST_CLIENT_MANDATES_RESPONSE_200_MANDATES_ITEM_CANCELLED_BY_TYPE_0_VALUES: set[
    ListClientMandatesResponse200MandatesItemCancelledByType0
] = {
    "admin",
    "client",
    "user",
}


def check_list_client_mandates_response_200_mandates_item_cancelled_by_type_0(
    value: str,
) -> ListClientMandatesResponse200MandatesItemCancelledByType0:
    if (
        value
        in LIST_CLIENT_MANDATES_RESPONSE_200_MANDATES_ITEM_CANCELLED_BY_TYPE_0_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CLIENT_MANDATES_RESPONSE_200_MANDATES_ITEM_CANCELLED_BY_TYPE_0_VALUES!r}"
    )
