from typing import Literal

ListCallbackSecretRequestsResponse200CallbackSecretRequestsItemStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

LIST_CALLBACK_SECRET_REQUESTS_RESPONSE_200_CALLBACK_SECRET_REQUESTS_ITEM_STATUS_VALUES: set[
    ListCallbackSecretRequestsResponse200CallbackSecretRequestsItemStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_list_callback_secret_requests_response_200_callback_secret_requests_item_status(
    value: str,
) -> ListCallbackSecretRequestsResponse200CallbackSecretRequestsItemStatus:
    if (
        value
        in LIST_CALLBACK_SECRET_REQUESTS_RESPONSE_200_CALLBACK_SECRET_REQUESTS_ITEM_STATUS_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CALLBACK_SECRET_REQUESTS_RESPONSE_200_CALLBACK_SECRET_REQUESTS_ITEM_STATUS_VALUES!r}"
    )
