from typing import Literal

RequestCallbackSecretResponse202CallbackSecretRequestDecidedByType0Kind = Literal[
    "operator", "service", "system", "user"
]

REQUEST_CALLBACK_SECRET_RESPONSE_202_CALLBACK_SECRET_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    RequestCallbackSecretResponse202CallbackSecretRequestDecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_request_callback_secret_response_202_callback_secret_request_decided_by_type_0_kind(
    value: str,
) -> RequestCallbackSecretResponse202CallbackSecretRequestDecidedByType0Kind:
    if (
        value
        in REQUEST_CALLBACK_SECRET_RESPONSE_202_CALLBACK_SECRET_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_CALLBACK_SECRET_RESPONSE_202_CALLBACK_SECRET_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
