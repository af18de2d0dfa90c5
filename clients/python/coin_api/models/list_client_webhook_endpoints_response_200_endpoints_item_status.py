from typing import Literal

ListClientWebhookEndpointsResponse200EndpointsItemStatus = Literal[
    "DISABLED", "ENABLED"
]

LIST_CLIENT_WEBHOOK_ENDPOINTS_RESPONSE_200_ENDPOINTS_ITEM_STATUS_VALUES: set[
    ListClientWebhookEndpointsResponse200EndpointsItemStatus
] = {
    "DISABLED",
    "ENABLED",
}


def check_list_client_webhook_endpoints_response_200_endpoints_item_status(
    value: str,
) -> ListClientWebhookEndpointsResponse200EndpointsItemStatus:
    if value in LIST_CLIENT_WEBHOOK_ENDPOINTS_RESPONSE_200_ENDPOINTS_ITEM_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CLIENT_WEBHOOK_ENDPOINTS_RESPONSE_200_ENDPOINTS_ITEM_STATUS_VALUES!r}"
    )
