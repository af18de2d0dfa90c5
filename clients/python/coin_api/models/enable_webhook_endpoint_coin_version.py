from typing import Literal

EnableWebhookEndpointCoinVersion = Literal["3.0.0", "3.1.0"]

ENABLE_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES: set[EnableWebhookEndpointCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_enable_webhook_endpoint_coin_version(
    value: str,
) -> EnableWebhookEndpointCoinVersion:
    if value in ENABLE_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ENABLE_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES!r}"
    )
