from typing import Literal

RequestCallbackSecretResponse202CallbackSecretRequestRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

REQUEST_CALLBACK_SECRET_RESPONSE_202_CALLBACK_SECRET_REQUEST_REQUESTED_BY_KIND_VALUES: set[
    RequestCallbackSecretResponse202CallbackSecretRequestRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_request_callback_secret_response_202_callback_secret_request_requested_by_kind(
    value: str,
) -> RequestCallbackSecretResponse202CallbackSecretRequestRequestedByKind:
    if (
        value
        in REQUEST_CALLBACK_SECRET_RESPONSE_202_CALLBACK_SECRET_REQUEST_REQUESTED_BY_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_CALLBACK_SECRET_RESPONSE_202_CALLBACK_SECRET_REQUEST_REQUESTED_BY_KIND_VALUES!r}"
    )
