from typing import Literal

EnableClientWebhookEndpointCoinVersion = Literal["3.0.0", "3.1.0"]

ENABLE_CLIENT_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES: set[
    EnableClientWebhookEndpointCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_enable_client_webhook_endpoint_coin_version(
    value: str,
) -> EnableClientWebhookEndpointCoinVersion:
    if value in ENABLE_CLIENT_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ENABLE_CLIENT_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES!r}"
    )
