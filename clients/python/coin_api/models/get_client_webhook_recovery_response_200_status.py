from typing import Literal

GetClientWebhookRecoveryResponse200Status = Literal["DONE", "RUNNING"]

GET_CLIENT_WEBHOOK_RECOVERY_RESPONSE_200_STATUS_VALUES: set[
    GetClientWebhookRecoveryResponse200Status
] = {
    "DONE",
    "RUNNING",
}


def check_get_client_webhook_recovery_response_200_status(
    value: str,
) -> GetClientWebhookRecoveryResponse200Status:
    if value in GET_CLIENT_WEBHOOK_RECOVERY_RESPONSE_200_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_CLIENT_WEBHOOK_RECOVERY_RESPONSE_200_STATUS_VALUES!r}"
    )
