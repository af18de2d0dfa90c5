from typing import Literal

RotateClientWebhookSecretResponse200Status = Literal["DISABLED", "ENABLED"]

ROTATE_CLIENT_WEBHOOK_SECRET_RESPONSE_200_STATUS_VALUES: set[
    RotateClientWebhookSecretResponse200Status
] = {
    "DISABLED",
    "ENABLED",
}


def check_rotate_client_webhook_secret_response_200_status(
    value: str,
) -> RotateClientWebhookSecretResponse200Status:
    if value in ROTATE_CLIENT_WEBHOOK_SECRET_RESPONSE_200_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ROTATE_CLIENT_WEBHOOK_SECRET_RESPONSE_200_STATUS_VALUES!r}"
    )
