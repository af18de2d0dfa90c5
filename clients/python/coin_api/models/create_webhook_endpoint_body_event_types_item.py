from typing import Literal

CreateWebhookEndpointBodyEventTypesItem = Literal[
    "coin.balance-monitor.crossed",
    "coin.hold.captured",
    "coin.hold.created",
    "coin.hold.expired",
    "coin.hold.voided",
    "coin.mandate.cancelled",
    "coin.mandate.charge-failed",
    "coin.mandate.charged",
    "coin.mandate.ended",
    "coin.mandate.granted",
    "coin.mandate.past-due",
    "coin.monitoring-case.opened",
    "coin.transaction.recorded",
]

CREATE_WEBHOOK_ENDPOINT_BODY_EVENT_TYPES_ITEM_VALUES: set[
    CreateWebhookEndpointBodyEventTypesItem
] = {
    "coin.balance-monitor.crossed",
    "coin.hold.captured",
    "coin.hold.created",
    "coin.hold.expired",
    "coin.hold.voided",
    "coin.mandate.cancelled",
    "coin.mandate.charge-failed",
    "coin.mandate.charged",
    "coin.mandate.ended",
    "coin.mandate.granted",
    "coin.mandate.past-due",
    "coin.monitoring-case.opened",
    "coin.transaction.recorded",
}


def check_create_webhook_endpoint_body_event_types_item(
    value: str,
) -> CreateWebhookEndpointBodyEventTypesItem:
    if value in CREATE_WEBHOOK_ENDPOINT_BODY_EVENT_TYPES_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_WEBHOOK_ENDPOINT_BODY_EVENT_TYPES_ITEM_VALUES!r}"
    )
