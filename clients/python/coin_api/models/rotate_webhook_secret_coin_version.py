from typing import Literal

RotateWebhookSecretCoinVersion = Literal["3.0.0", "3.1.0"]

ROTATE_WEBHOOK_SECRET_COIN_VERSION_VALUES: set[RotateWebhookSecretCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_rotate_webhook_secret_coin_version(
    value: str,
) -> RotateWebhookSecretCoinVersion:
    if value in ROTATE_WEBHOOK_SECRET_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ROTATE_WEBHOOK_SECRET_COIN_VERSION_VALUES!r}"
    )
