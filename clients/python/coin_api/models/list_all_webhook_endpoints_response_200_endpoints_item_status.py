from typing import Literal

ListAllWebhookEndpointsResponse200EndpointsItemStatus = Literal["DISABLED", "ENABLED"]

LIST_ALL_WEBHOOK_ENDPOINTS_RESPONSE_200_ENDPOINTS_ITEM_STATUS_VALUES: set[
    ListAllWebhookEndpointsResponse200EndpointsItemStatus
] = {
    "DISABLED",
    "ENABLED",
}


def check_list_all_webhook_endpoints_response_200_endpoints_item_status(
    value: str,
) -> ListAllWebhookEndpointsResponse200EndpointsItemStatus:
    if value in LIST_ALL_WEBHOOK_ENDPOINTS_RESPONSE_200_ENDPOINTS_ITEM_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_ALL_WEBHOOK_ENDPOINTS_RESPONSE_200_ENDPOINTS_ITEM_STATUS_VALUES!r}"
    )
