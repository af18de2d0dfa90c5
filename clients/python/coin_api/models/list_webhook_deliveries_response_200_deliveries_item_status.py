from typing import Literal

ListWebhookDeliveriesResponse200DeliveriesItemStatus = Literal[
    "DELIVERED", "FAILED", "PENDING"
]

LIST_WEBHOOK_DELIVERIES_RESPONSE_200_DELIVERIES_ITEM_STATUS_VALUES: set[
    ListWebhookDeliveriesResponse200DeliveriesItemStatus
] = {
    "DELIVERED",
    "FAILED",
    "PENDING",
}


def check_list_webhook_deliveries_response_200_deliveries_item_status(
    value: str,
) -> ListWebhookDeliveriesResponse200DeliveriesItemStatus:
    if value in LIST_WEBHOOK_DELIVERIES_RESPONSE_200_DELIVERIES_ITEM_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_WEBHOOK_DELIVERIES_RESPONSE_200_DELIVERIES_ITEM_STATUS_VALUES!r}"
    )
