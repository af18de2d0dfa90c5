from typing import Literal

ListClientWebhookDeliveriesCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_CLIENT_WEBHOOK_DELIVERIES_COIN_VERSION_VALUES: set[
    ListClientWebhookDeliveriesCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_list_client_webhook_deliveries_coin_version(
    value: str,
) -> ListClientWebhookDeliveriesCoinVersion:
    if value in LIST_CLIENT_WEBHOOK_DELIVERIES_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CLIENT_WEBHOOK_DELIVERIES_COIN_VERSION_VALUES!r}"
    )
