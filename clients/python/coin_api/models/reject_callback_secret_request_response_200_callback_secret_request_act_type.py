from typing import Literal

RejectCallbackSecretRequestResponse200CallbackSecretRequestActType = Literal[
    "user.platform-client.callback-secret"
]

REJECT_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_ACT_TYPE_VALUES: set[
    RejectCallbackSecretRequestResponse200CallbackSecretRequestActType
] = {
    "user.platform-client.callback-secret",
}


def check_reject_callback_secret_request_response_200_callback_secret_request_act_type(
    value: str,
) -> RejectCallbackSecretRequestResponse200CallbackSecretRequestActType:
    if (
        value
        in REJECT_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_ACT_TYPE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_ACT_TYPE_VALUES!r}"
    )
