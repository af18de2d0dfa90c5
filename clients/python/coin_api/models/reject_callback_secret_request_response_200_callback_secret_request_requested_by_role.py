from typing import Literal

RejectCallbackSecretRequestResponse200CallbackSecretRequestRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

REJECT_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_REQUESTED_BY_ROLE_VALUES: set[
    RejectCallbackSecretRequestResponse200CallbackSecretRequestRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_reject_callback_secret_request_response_200_callback_secret_request_requested_by_role(
    value: str,
) -> RejectCallbackSecretRequestResponse200CallbackSecretRequestRequestedByRole:
    if (
        value
        in REJECT_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_REQUESTED_BY_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_REQUESTED_BY_ROLE_VALUES!r}"
    )
