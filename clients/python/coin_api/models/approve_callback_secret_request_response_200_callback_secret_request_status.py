from typing import Literal

ApproveCallbackSecretRequestResponse200CallbackSecretRequestStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

APPROVE_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_STATUS_VALUES: set[
    ApproveCallbackSecretRequestResponse200CallbackSecretRequestStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_approve_callback_secret_request_response_200_callback_secret_request_status(
    value: str,
) -> ApproveCallbackSecretRequestResponse200CallbackSecretRequestStatus:
    if (
        value
        in APPROVE_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_STATUS_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_STATUS_VALUES!r}"
    )
