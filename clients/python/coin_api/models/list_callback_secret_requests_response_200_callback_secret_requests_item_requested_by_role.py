from typing import Literal

ListCallbackSecretRequestsResponse200CallbackSecretRequestsItemRequestedByRole = (
    Literal["ADMIN", "DEVELOPER", "SUPERADMIN", "USER"]
)

LIST_CALLBACK_SECRET_REQUESTS_RESPONSE_200_CALLBACK_SECRET_REQUESTS_ITEM_REQUESTED_BY_ROLE_VALUES: set[
    ListCallbackSecretRequestsResponse200CallbackSecretRequestsItemRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_list_callback_secret_requests_response_200_callback_secret_requests_item_requested_by_role(
    value: str,
) -> ListCallbackSecretRequestsResponse200CallbackSecretRequestsItemRequestedByRole:
    if (
        value
        in LIST_CALLBACK_SECRET_REQUESTS_RESPONSE_200_CALLBACK_SECRET_REQUESTS_ITEM_REQUESTED_BY_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CALLBACK_SECRET_REQUESTS_RESPONSE_200_CALLBACK_SECRET_REQUESTS_ITEM_REQUESTED_BY_ROLE_VALUES!r}"
    )
