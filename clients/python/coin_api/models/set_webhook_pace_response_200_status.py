from typing import Literal

SetWebhookPaceResponse200Status = Literal["DISABLED", "ENABLED"]

SET_WEBHOOK_PACE_RESPONSE_200_STATUS_VALUES: set[SetWebhookPaceResponse200Status] = {
    "DISABLED",
    "ENABLED",
}


def check_set_webhook_pace_response_200_status(
    value: str,
) -> SetWebhookPaceResponse200Status:
    if value in SET_WEBHOOK_PACE_RESPONSE_200_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SET_WEBHOOK_PACE_RESPONSE_200_STATUS_VALUES!r}"
    )
