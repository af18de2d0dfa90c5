from typing import Literal

RecoverClientWebhookEndpointResponse202Status = Literal["DONE", "RUNNING"]

RECOVER_CLIENT_WEBHOOK_ENDPOINT_RESPONSE_202_STATUS_VALUES: set[
    RecoverClientWebhookEndpointResponse202Status
] = {
    "DONE",
    "RUNNING",
}


def check_recover_client_webhook_endpoint_response_202_status(
    value: str,
) -> RecoverClientWebhookEndpointResponse202Status:
    if value in RECOVER_CLIENT_WEBHOOK_ENDPOINT_RESPONSE_202_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RECOVER_CLIENT_WEBHOOK_ENDPOINT_RESPONSE_202_STATUS_VALUES!r}"
    )
