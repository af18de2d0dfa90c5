from typing import Literal

CreateClientWebhookEndpointBodyEventTypesItem = Literal[
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

CREATE_CLIENT_WEBHOOK_ENDPOINT_BODY_EVENT_TYPES_ITEM_VALUES: set[
    CreateClientWebhookEndpointBodyEventTypesItem
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


def check_create_client_webhook_endpoint_body_event_types_item(
    value: str,
) -> CreateClientWebhookEndpointBodyEventTypesItem:
    if value in CREATE_CLIENT_WEBHOOK_ENDPOINT_BODY_EVENT_TYPES_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_CLIENT_WEBHOOK_ENDPOINT_BODY_EVENT_TYPES_ITEM_VALUES!r}"
    )
