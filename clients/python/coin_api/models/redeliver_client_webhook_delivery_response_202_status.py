from typing import Literal

RedeliverClientWebhookDeliveryResponse202Status = Literal["PENDING"]

REDELIVER_CLIENT_WEBHOOK_DELIVERY_RESPONSE_202_STATUS_VALUES: set[
    RedeliverClientWebhookDeliveryResponse202Status
] = {
    "PENDING",
}


def check_redeliver_client_webhook_delivery_response_202_status(
    value: str,
) -> RedeliverClientWebhookDeliveryResponse202Status:
    if value in REDELIVER_CLIENT_WEBHOOK_DELIVERY_RESPONSE_202_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REDELIVER_CLIENT_WEBHOOK_DELIVERY_RESPONSE_202_STATUS_VALUES!r}"
    )
