from typing import Literal

GetClientWebhookEndpointResponse200Status = Literal["DISABLED", "ENABLED"]

GET_CLIENT_WEBHOOK_ENDPOINT_RESPONSE_200_STATUS_VALUES: set[
    GetClientWebhookEndpointResponse200Status
] = {
    "DISABLED",
    "ENABLED",
}


def check_get_client_webhook_endpoint_response_200_status(
    value: str,
) -> GetClientWebhookEndpointResponse200Status:
    if value in GET_CLIENT_WEBHOOK_ENDPOINT_RESPONSE_200_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_CLIENT_WEBHOOK_ENDPOINT_RESPONSE_200_STATUS_VALUES!r}"
    )
