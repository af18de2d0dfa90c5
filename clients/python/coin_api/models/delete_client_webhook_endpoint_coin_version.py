from typing import Literal

DeleteClientWebhookEndpointCoinVersion = Literal["3.0.0", "3.1.0"]

DELETE_CLIENT_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES: set[
    DeleteClientWebhookEndpointCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_delete_client_webhook_endpoint_coin_version(
    value: str,
) -> DeleteClientWebhookEndpointCoinVersion:
    if value in DELETE_CLIENT_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_CLIENT_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES!r}"
    )
