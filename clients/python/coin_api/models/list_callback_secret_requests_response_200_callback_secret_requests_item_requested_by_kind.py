from typing import Literal

ListCallbackSecretRequestsResponse200CallbackSecretRequestsItemRequestedByKind = (
    Literal["operator", "service", "system", "user"]
)

LIST_CALLBACK_SECRET_REQUESTS_RESPONSE_200_CALLBACK_SECRET_REQUESTS_ITEM_REQUESTED_BY_KIND_VALUES: set[
    ListCallbackSecretRequestsResponse200CallbackSecretRequestsItemRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_list_callback_secret_requests_response_200_callback_secret_requests_item_requested_by_kind(
    value: str,
) -> ListCallbackSecretRequestsResponse200CallbackSecretRequestsItemRequestedByKind:
    if (
        value
        in LIST_CALLBACK_SECRET_REQUESTS_RESPONSE_200_CALLBACK_SECRET_REQUESTS_ITEM_REQUESTED_BY_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CALLBACK_SECRET_REQUESTS_RESPONSE_200_CALLBACK_SECRET_REQUESTS_ITEM_REQUESTED_BY_KIND_VALUES!r}"
    )
