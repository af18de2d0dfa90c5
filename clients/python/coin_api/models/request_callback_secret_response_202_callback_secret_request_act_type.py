from typing import Literal

RequestCallbackSecretResponse202CallbackSecretRequestActType = Literal[
    "user.platform-client.callback-secret"
]

REQUEST_CALLBACK_SECRET_RESPONSE_202_CALLBACK_SECRET_REQUEST_ACT_TYPE_VALUES: set[
    RequestCallbackSecretResponse202CallbackSecretRequestActType
] = {
    "user.platform-client.callback-secret",
}


def check_request_callback_secret_response_202_callback_secret_request_act_type(
    value: str,
) -> RequestCallbackSecretResponse202CallbackSecretRequestActType:
    if (
        value
        in REQUEST_CALLBACK_SECRET_RESPONSE_202_CALLBACK_SECRET_REQUEST_ACT_TYPE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_CALLBACK_SECRET_RESPONSE_202_CALLBACK_SECRET_REQUEST_ACT_TYPE_VALUES!r}"
    )
