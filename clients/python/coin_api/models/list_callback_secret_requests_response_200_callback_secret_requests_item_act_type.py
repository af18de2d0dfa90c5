from typing import Literal

ListCallbackSecretRequestsResponse200CallbackSecretRequestsItemActType = Literal[
    "user.platform-client.callback-secret"
]

LIST_CALLBACK_SECRET_REQUESTS_RESPONSE_200_CALLBACK_SECRET_REQUESTS_ITEM_ACT_TYPE_VALUES: set[
    ListCallbackSecretRequestsResponse200CallbackSecretRequestsItemActType
] = {
    "user.platform-client.callback-secret",
}


def check_list_callback_secret_requests_response_200_callback_secret_requests_item_act_type(
    value: str,
) -> ListCallbackSecretRequestsResponse200CallbackSecretRequestsItemActType:
    if (
        value
        in LIST_CALLBACK_SECRET_REQUESTS_RESPONSE_200_CALLBACK_SECRET_REQUESTS_ITEM_ACT_TYPE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CALLBACK_SECRET_REQUESTS_RESPONSE_200_CALLBACK_SECRET_REQUESTS_ITEM_ACT_TYPE_VALUES!r}"
    )
