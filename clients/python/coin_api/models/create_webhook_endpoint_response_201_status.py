from typing import Literal

CreateWebhookEndpointResponse201Status = Literal["DISABLED", "ENABLED"]

CREATE_WEBHOOK_ENDPOINT_RESPONSE_201_STATUS_VALUES: set[
    CreateWebhookEndpointResponse201Status
] = {
    "DISABLED",
    "ENABLED",
}


def check_create_webhook_endpoint_response_201_status(
    value: str,
) -> CreateWebhookEndpointResponse201Status:
    if value in CREATE_WEBHOOK_ENDPOINT_RESPONSE_201_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_WEBHOOK_ENDPOINT_RESPONSE_201_STATUS_VALUES!r}"
    )
