from typing import Literal

CreateClientWebhookEndpointResponse201Status = Literal["DISABLED", "ENABLED"]

CREATE_CLIENT_WEBHOOK_ENDPOINT_RESPONSE_201_STATUS_VALUES: set[
    CreateClientWebhookEndpointResponse201Status
] = {
    "DISABLED",
    "ENABLED",
}


def check_create_client_webhook_endpoint_response_201_status(
    value: str,
) -> CreateClientWebhookEndpointResponse201Status:
    if value in CREATE_CLIENT_WEBHOOK_ENDPOINT_RESPONSE_201_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_CLIENT_WEBHOOK_ENDPOINT_RESPONSE_201_STATUS_VALUES!r}"
    )
