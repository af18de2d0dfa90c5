from typing import Literal

RedeliverWebhookDeliveryResponse202Status = Literal["PENDING"]

REDELIVER_WEBHOOK_DELIVERY_RESPONSE_202_STATUS_VALUES: set[
    RedeliverWebhookDeliveryResponse202Status
] = {
    "PENDING",
}


def check_redeliver_webhook_delivery_response_202_status(
    value: str,
) -> RedeliverWebhookDeliveryResponse202Status:
    if value in REDELIVER_WEBHOOK_DELIVERY_RESPONSE_202_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REDELIVER_WEBHOOK_DELIVERY_RESPONSE_202_STATUS_VALUES!r}"
    )
