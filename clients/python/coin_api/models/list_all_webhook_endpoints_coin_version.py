from typing import Literal

ListAllWebhookEndpointsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_ALL_WEBHOOK_ENDPOINTS_COIN_VERSION_VALUES: set[
    ListAllWebhookEndpointsCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_list_all_webhook_endpoints_coin_version(
    value: str,
) -> ListAllWebhookEndpointsCoinVersion:
    if value in LIST_ALL_WEBHOOK_ENDPOINTS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_ALL_WEBHOOK_ENDPOINTS_COIN_VERSION_VALUES!r}"
    )
