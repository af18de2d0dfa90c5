from typing import Literal

EnableWebhookEndpointResponse200Status = Literal["DISABLED", "ENABLED"]

ENABLE_WEBHOOK_ENDPOINT_RESPONSE_200_STATUS_VALUES: set[
    EnableWebhookEndpointResponse200Status
] = {
    "DISABLED",
    "ENABLED",
}


def check_enable_webhook_endpoint_response_200_status(
    value: str,
) -> EnableWebhookEndpointResponse200Status:
    if value in ENABLE_WEBHOOK_ENDPOINT_RESPONSE_200_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ENABLE_WEBHOOK_ENDPOINT_RESPONSE_200_STATUS_VALUES!r}"
    )
