from typing import Literal

RotateWebhookSecretResponse200Status = Literal["DISABLED", "ENABLED"]

ROTATE_WEBHOOK_SECRET_RESPONSE_200_STATUS_VALUES: set[
    RotateWebhookSecretResponse200Status
] = {
    "DISABLED",
    "ENABLED",
}


def check_rotate_webhook_secret_response_200_status(
    value: str,
) -> RotateWebhookSecretResponse200Status:
    if value in ROTATE_WEBHOOK_SECRET_RESPONSE_200_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ROTATE_WEBHOOK_SECRET_RESPONSE_200_STATUS_VALUES!r}"
    )
