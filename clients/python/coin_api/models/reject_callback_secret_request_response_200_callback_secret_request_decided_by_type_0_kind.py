from typing import Literal

RejectCallbackSecretRequestResponse200CallbackSecretRequestDecidedByType0Kind = Literal[
    "operator", "service", "system", "user"
]

REJECT_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    RejectCallbackSecretRequestResponse200CallbackSecretRequestDecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_reject_callback_secret_request_response_200_callback_secret_request_decided_by_type_0_kind(
    value: str,
) -> RejectCallbackSecretRequestResponse200CallbackSecretRequestDecidedByType0Kind:
    if (
        value
        in REJECT_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
