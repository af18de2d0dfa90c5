from typing import Literal

RedeliverWebhookDeliveryCoinVersion = Literal["3.0.0", "3.1.0"]

REDELIVER_WEBHOOK_DELIVERY_COIN_VERSION_VALUES: set[
    RedeliverWebhookDeliveryCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_redeliver_webhook_delivery_coin_version(
    value: str,
) -> RedeliverWebhookDeliveryCoinVersion:
    if value in REDELIVER_WEBHOOK_DELIVERY_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REDELIVER_WEBHOOK_DELIVERY_COIN_VERSION_VALUES!r}"
    )
