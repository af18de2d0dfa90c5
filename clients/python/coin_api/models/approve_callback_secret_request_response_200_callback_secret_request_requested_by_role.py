from typing import Literal

ApproveCallbackSecretRequestResponse200CallbackSecretRequestRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

APPROVE_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_REQUESTED_BY_ROLE_VALUES: set[
    ApproveCallbackSecretRequestResponse200CallbackSecretRequestRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_approve_callback_secret_request_response_200_callback_secret_request_requested_by_role(
    value: str,
) -> ApproveCallbackSecretRequestResponse200CallbackSecretRequestRequestedByRole:
    if (
        value
        in APPROVE_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_REQUESTED_BY_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_REQUESTED_BY_ROLE_VALUES!r}"
    )
