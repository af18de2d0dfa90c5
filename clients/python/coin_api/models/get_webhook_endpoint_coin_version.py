from typing import Literal

GetWebhookEndpointCoinVersion = Literal["3.0.0", "3.1.0"]

GET_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES: set[GetWebhookEndpointCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_webhook_endpoint_coin_version(
    value: str,
) -> GetWebhookEndpointCoinVersion:
    if value in GET_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES!r}"
    )
