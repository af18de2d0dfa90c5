from typing import Literal

CreateWebhookEndpointCoinVersion = Literal["3.0.0", "3.1.0"]

CREATE_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES: set[CreateWebhookEndpointCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_create_webhook_endpoint_coin_version(
    value: str,
) -> CreateWebhookEndpointCoinVersion:
    if value in CREATE_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES!r}"
    )
