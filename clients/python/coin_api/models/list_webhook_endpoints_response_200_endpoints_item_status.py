from typing import Literal

ListWebhookEndpointsResponse200EndpointsItemStatus = Literal["DISABLED", "ENABLED"]

LIST_WEBHOOK_ENDPOINTS_RESPONSE_200_ENDPOINTS_ITEM_STATUS_VALUES: set[
    ListWebhookEndpointsResponse200EndpointsItemStatus
] = {
    "DISABLED",
    "ENABLED",
}


def check_list_webhook_endpoints_response_200_endpoints_item_status(
    value: str,
) -> ListWebhookEndpointsResponse200EndpointsItemStatus:
    if value in LIST_WEBHOOK_ENDPOINTS_RESPONSE_200_ENDPOINTS_ITEM_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_WEBHOOK_ENDPOINTS_RESPONSE_200_ENDPOINTS_ITEM_STATUS_VALUES!r}"
    )
