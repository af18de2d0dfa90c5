from typing import Literal

RejectCallbackSecretRequestResponse200CallbackSecretRequestRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

REJECT_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_REQUESTED_BY_KIND_VALUES: set[
    RejectCallbackSecretRequestResponse200CallbackSecretRequestRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_reject_callback_secret_request_response_200_callback_secret_request_requested_by_kind(
    value: str,
) -> RejectCallbackSecretRequestResponse200CallbackSecretRequestRequestedByKind:
    if (
        value
        in REJECT_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_REQUESTED_BY_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_REQUESTED_BY_KIND_VALUES!r}"
    )
