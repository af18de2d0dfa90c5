from typing import Literal

RecoverWebhookEndpointResponse202Status = Literal["DONE", "RUNNING"]

RECOVER_WEBHOOK_ENDPOINT_RESPONSE_202_STATUS_VALUES: set[
    RecoverWebhookEndpointResponse202Status
] = {
    "DONE",
    "RUNNING",
}


def check_recover_webhook_endpoint_response_202_status(
    value: str,
) -> RecoverWebhookEndpointResponse202Status:
    if value in RECOVER_WEBHOOK_ENDPOINT_RESPONSE_202_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RECOVER_WEBHOOK_ENDPOINT_RESPONSE_202_STATUS_VALUES!r}"
    )
