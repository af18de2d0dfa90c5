from typing import Literal

ListWebhookDeliveriesCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_WEBHOOK_DELIVERIES_COIN_VERSION_VALUES: set[ListWebhookDeliveriesCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_webhook_deliveries_coin_version(
    value: str,
) -> ListWebhookDeliveriesCoinVersion:
    if value in LIST_WEBHOOK_DELIVERIES_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_WEBHOOK_DELIVERIES_COIN_VERSION_VALUES!r}"
    )
