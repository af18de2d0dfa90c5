from typing import Literal

ApproveCallbackSecretRequestResponse200CallbackSecretRequestActType = Literal[
    "user.platform-client.callback-secret"
]

APPROVE_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_ACT_TYPE_VALUES: set[
    ApproveCallbackSecretRequestResponse200CallbackSecretRequestActType
] = {
    "user.platform-client.callback-secret",
}


def check_approve_callback_secret_request_response_200_callback_secret_request_act_type(
    value: str,
) -> ApproveCallbackSecretRequestResponse200CallbackSecretRequestActType:
    if (
        value
        in APPROVE_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_ACT_TYPE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_ACT_TYPE_VALUES!r}"
    )
