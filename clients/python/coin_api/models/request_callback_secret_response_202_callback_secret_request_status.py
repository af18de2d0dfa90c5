from typing import Literal

RequestCallbackSecretResponse202CallbackSecretRequestStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

REQUEST_CALLBACK_SECRET_RESPONSE_202_CALLBACK_SECRET_REQUEST_STATUS_VALUES: set[
    RequestCallbackSecretResponse202CallbackSecretRequestStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_request_callback_secret_response_202_callback_secret_request_status(
    value: str,
) -> RequestCallbackSecretResponse202CallbackSecretRequestStatus:
    if (
        value
        in REQUEST_CALLBACK_SECRET_RESPONSE_202_CALLBACK_SECRET_REQUEST_STATUS_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_CALLBACK_SECRET_RESPONSE_202_CALLBACK_SECRET_REQUEST_STATUS_VALUES!r}"
    )
