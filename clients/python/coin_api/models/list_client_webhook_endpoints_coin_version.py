from typing import Literal

ListClientWebhookEndpointsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_CLIENT_WEBHOOK_ENDPOINTS_COIN_VERSION_VALUES: set[
    ListClientWebhookEndpointsCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_list_client_webhook_endpoints_coin_version(
    value: str,
) -> ListClientWebhookEndpointsCoinVersion:
    if value in LIST_CLIENT_WEBHOOK_ENDPOINTS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CLIENT_WEBHOOK_ENDPOINTS_COIN_VERSION_VALUES!r}"
    )
