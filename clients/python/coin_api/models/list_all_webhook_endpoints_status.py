from typing import Literal

ListAllWebhookEndpointsStatus = Literal["active", "disabled"]

LIST_ALL_WEBHOOK_ENDPOINTS_STATUS_VALUES: set[ListAllWebhookEndpointsStatus] = {
    "active",
    "disabled",
}


def check_list_all_webhook_endpoints_status(
    value: str,
) -> ListAllWebhookEndpointsStatus:
    if value in LIST_ALL_WEBHOOK_ENDPOINTS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_ALL_WEBHOOK_ENDPOINTS_STATUS_VALUES!r}"
    )
