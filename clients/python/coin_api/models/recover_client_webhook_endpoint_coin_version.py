from typing import Literal

RecoverClientWebhookEndpointCoinVersion = Literal["3.0.0", "3.1.0"]

RECOVER_CLIENT_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES: set[
    RecoverClientWebhookEndpointCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_recover_client_webhook_endpoint_coin_version(
    value: str,
) -> RecoverClientWebhookEndpointCoinVersion:
    if value in RECOVER_CLIENT_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RECOVER_CLIENT_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES!r}"
    )
