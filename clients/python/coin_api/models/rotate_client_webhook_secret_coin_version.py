from typing import Literal

RotateClientWebhookSecretCoinVersion = Literal["3.0.0", "3.1.0"]

ROTATE_CLIENT_WEBHOOK_SECRET_COIN_VERSION_VALUES: set[
    RotateClientWebhookSecretCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_rotate_client_webhook_secret_coin_version(
    value: str,
) -> RotateClientWebhookSecretCoinVersion:
    if value in ROTATE_CLIENT_WEBHOOK_SECRET_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ROTATE_CLIENT_WEBHOOK_SECRET_COIN_VERSION_VALUES!r}"
    )
