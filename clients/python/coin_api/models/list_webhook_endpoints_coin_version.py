from typing import Literal

ListWebhookEndpointsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_WEBHOOK_ENDPOINTS_COIN_VERSION_VALUES: set[ListWebhookEndpointsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_webhook_endpoints_coin_version(
    value: str,
) -> ListWebhookEndpointsCoinVersion:
    if value in LIST_WEBHOOK_ENDPOINTS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_WEBHOOK_ENDPOINTS_COIN_VERSION_VALUES!r}"
    )
