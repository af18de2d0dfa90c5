from typing import Literal

GetWebhookEndpointResponse200Status = Literal["DISABLED", "ENABLED"]

GET_WEBHOOK_ENDPOINT_RESPONSE_200_STATUS_VALUES: set[
    GetWebhookEndpointResponse200Status
] = {
    "DISABLED",
    "ENABLED",
}


def check_get_webhook_endpoint_response_200_status(
    value: str,
) -> GetWebhookEndpointResponse200Status:
    if value in GET_WEBHOOK_ENDPOINT_RESPONSE_200_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_WEBHOOK_ENDPOINT_RESPONSE_200_STATUS_VALUES!r}"
    )
