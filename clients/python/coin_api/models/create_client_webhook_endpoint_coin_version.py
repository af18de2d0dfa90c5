from typing import Literal

CreateClientWebhookEndpointCoinVersion = Literal["3.0.0", "3.1.0"]

CREATE_CLIENT_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES: set[
    CreateClientWebhookEndpointCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_create_client_webhook_endpoint_coin_version(
    value: str,
) -> CreateClientWebhookEndpointCoinVersion:
    if value in CREATE_CLIENT_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_CLIENT_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES!r}"
    )
