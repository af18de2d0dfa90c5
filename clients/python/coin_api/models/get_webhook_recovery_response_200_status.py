from typing import Literal

GetWebhookRecoveryResponse200Status = Literal["DONE", "RUNNING"]

GET_WEBHOOK_RECOVERY_RESPONSE_200_STATUS_VALUES: set[
    GetWebhookRecoveryResponse200Status
] = {
    "DONE",
    "RUNNING",
}


def check_get_webhook_recovery_response_200_status(
    value: str,
) -> GetWebhookRecoveryResponse200Status:
    if value in GET_WEBHOOK_RECOVERY_RESPONSE_200_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_WEBHOOK_RECOVERY_RESPONSE_200_STATUS_VALUES!r}"
    )
