from typing import Literal

GetClientWebhookEndpointCoinVersion = Literal["3.0.0", "3.1.0"]

GET_CLIENT_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES: set[
    GetClientWebhookEndpointCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_get_client_webhook_endpoint_coin_version(
    value: str,
) -> GetClientWebhookEndpointCoinVersion:
    if value in GET_CLIENT_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_CLIENT_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES!r}"
    )
