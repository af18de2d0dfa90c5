from typing import Literal

RequestCallbackSecretResponse202CallbackSecretRequestRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

REQUEST_CALLBACK_SECRET_RESPONSE_202_CALLBACK_SECRET_REQUEST_REQUESTED_BY_ROLE_VALUES: set[
    RequestCallbackSecretResponse202CallbackSecretRequestRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_request_callback_secret_response_202_callback_secret_request_requested_by_role(
    value: str,
) -> RequestCallbackSecretResponse202CallbackSecretRequestRequestedByRole:
    if (
        value
        in REQUEST_CALLBACK_SECRET_RESPONSE_202_CALLBACK_SECRET_REQUEST_REQUESTED_BY_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_CALLBACK_SECRET_RESPONSE_202_CALLBACK_SECRET_REQUEST_REQUESTED_BY_ROLE_VALUES!r}"
    )
