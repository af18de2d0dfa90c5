from typing import Literal

ApproveCallbackSecretRequestResponse200CallbackSecretRequestRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

APPROVE_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_REQUESTED_BY_KIND_VALUES: set[
    ApproveCallbackSecretRequestResponse200CallbackSecretRequestRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_approve_callback_secret_request_response_200_callback_secret_request_requested_by_kind(
    value: str,
) -> ApproveCallbackSecretRequestResponse200CallbackSecretRequestRequestedByKind:
    if (
        value
        in APPROVE_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_REQUESTED_BY_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_REQUESTED_BY_KIND_VALUES!r}"
    )
