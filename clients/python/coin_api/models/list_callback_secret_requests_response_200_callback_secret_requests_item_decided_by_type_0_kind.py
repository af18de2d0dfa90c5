from typing import Literal

ListCallbackSecretRequestsResponse200CallbackSecretRequestsItemDecidedByType0Kind = (
    Literal["operator", "service", "system", "user"]
)

LIST_CALLBACK_SECRET_REQUESTS_RESPONSE_200_CALLBACK_SECRET_REQUESTS_ITEM_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    ListCallbackSecretRequestsResponse200CallbackSecretRequestsItemDecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_list_callback_secret_requests_response_200_callback_secret_requests_item_decided_by_type_0_kind(
    value: str,
) -> ListCallbackSecretRequestsResponse200CallbackSecretRequestsItemDecidedByType0Kind:
    if (
        value
        in LIST_CALLBACK_SECRET_REQUESTS_RESPONSE_200_CALLBACK_SECRET_REQUESTS_ITEM_DECIDED_BY_TYPE_0_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CALLBACK_SECRET_REQUESTS_RESPONSE_200_CALLBACK_SECRET_REQUESTS_ITEM_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
