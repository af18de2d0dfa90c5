from typing import Literal

EnableClientWebhookEndpointResponse200Status = Literal["DISABLED", "ENABLED"]

ENABLE_CLIENT_WEBHOOK_ENDPOINT_RESPONSE_200_STATUS_VALUES: set[
    EnableClientWebhookEndpointResponse200Status
] = {
    "DISABLED",
    "ENABLED",
}


def check_enable_client_webhook_endpoint_response_200_status(
    value: str,
) -> EnableClientWebhookEndpointResponse200Status:
    if value in ENABLE_CLIENT_WEBHOOK_ENDPOINT_RESPONSE_200_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ENABLE_CLIENT_WEBHOOK_ENDPOINT_RESPONSE_200_STATUS_VALUES!r}"
    )
