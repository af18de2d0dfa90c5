from typing import Literal

ListClientWebhookDeliveriesResponse200DeliveriesItemStatus = Literal[
    "DELIVERED", "FAILED", "PENDING"
]

LIST_CLIENT_WEBHOOK_DELIVERIES_RESPONSE_200_DELIVERIES_ITEM_STATUS_VALUES: set[
    ListClientWebhookDeliveriesResponse200DeliveriesItemStatus
] = {
    "DELIVERED",
    "FAILED",
    "PENDING",
}


def check_list_client_webhook_deliveries_response_200_deliveries_item_status(
    value: str,
) -> ListClientWebhookDeliveriesResponse200DeliveriesItemStatus:
    if (
        value
        in LIST_CLIENT_WEBHOOK_DELIVERIES_RESPONSE_200_DELIVERIES_ITEM_STATUS_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CLIENT_WEBHOOK_DELIVERIES_RESPONSE_200_DELIVERIES_ITEM_STATUS_VALUES!r}"
    )
