from typing import Literal

RejectCallbackSecretRequestResponse200CallbackSecretRequestStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

REJECT_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_STATUS_VALUES: set[
    RejectCallbackSecretRequestResponse200CallbackSecretRequestStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_reject_callback_secret_request_response_200_callback_secret_request_status(
    value: str,
) -> RejectCallbackSecretRequestResponse200CallbackSecretRequestStatus:
    if (
        value
        in REJECT_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_STATUS_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_STATUS_VALUES!r}"
    )
