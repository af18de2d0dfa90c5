from typing import Literal

RecoverWebhookEndpointCoinVersion = Literal["3.0.0", "3.1.0"]

RECOVER_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES: set[RecoverWebhookEndpointCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_recover_webhook_endpoint_coin_version(
    value: str,
) -> RecoverWebhookEndpointCoinVersion:
    if value in RECOVER_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RECOVER_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES!r}"
    )
