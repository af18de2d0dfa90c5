from typing import Literal

RedeliverClientWebhookDeliveryCoinVersion = Literal["3.0.0", "3.1.0"]

REDELIVER_CLIENT_WEBHOOK_DELIVERY_COIN_VERSION_VALUES: set[
    RedeliverClientWebhookDeliveryCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_redeliver_client_webhook_delivery_coin_version(
    value: str,
) -> RedeliverClientWebhookDeliveryCoinVersion:
    if value in REDELIVER_CLIENT_WEBHOOK_DELIVERY_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REDELIVER_CLIENT_WEBHOOK_DELIVERY_COIN_VERSION_VALUES!r}"
    )
