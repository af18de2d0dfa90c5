from typing import Literal

SetClientWebhookPaceResponse200Status = Literal["DISABLED", "ENABLED"]

SET_CLIENT_WEBHOOK_PACE_RESPONSE_200_STATUS_VALUES: set[
    SetClientWebhookPaceResponse200Status
] = {
    "DISABLED",
    "ENABLED",
}


def check_set_client_webhook_pace_response_200_status(
    value: str,
) -> SetClientWebhookPaceResponse200Status:
    if value in SET_CLIENT_WEBHOOK_PACE_RESPONSE_200_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SET_CLIENT_WEBHOOK_PACE_RESPONSE_200_STATUS_VALUES!r}"
    )
