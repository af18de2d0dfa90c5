from typing import Literal

DeleteWebhookEndpointCoinVersion = Literal["3.0.0", "3.1.0"]

DELETE_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES: set[DeleteWebhookEndpointCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_delete_webhook_endpoint_coin_version(
    value: str,
) -> DeleteWebhookEndpointCoinVersion:
    if value in DELETE_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES!r}"
    )
