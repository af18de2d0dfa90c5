from typing import Literal

ListCallbackSecretRequestsResponse200CallbackSecretRequestsItemDecidedByType0Role = (
    Literal["ADMIN", "DEVELOPER", "SUPERADMIN", "USER"]
)

LIST_CALLBACK_SECRET_REQUESTS_RESPONSE_200_CALLBACK_SECRET_REQUESTS_ITEM_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    ListCallbackSecretRequestsResponse200CallbackSecretRequestsItemDecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_list_callback_secret_requests_response_200_callback_secret_requests_item_decided_by_type_0_role(
    value: str,
) -> ListCallbackSecretRequestsResponse200CallbackSecretRequestsItemDecidedByType0Role:
    if (
        value
        in LIST_CALLBACK_SECRET_REQUESTS_RESPONSE_200_CALLBACK_SECRET_REQUESTS_ITEM_DECIDED_BY_TYPE_0_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CALLBACK_SECRET_REQUESTS_RESPONSE_200_CALLBACK_SECRET_REQUESTS_ITEM_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
