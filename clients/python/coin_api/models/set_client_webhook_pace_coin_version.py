from typing import Literal

SetClientWebhookPaceCoinVersion = Literal["3.0.0", "3.1.0"]

SET_CLIENT_WEBHOOK_PACE_COIN_VERSION_VALUES: set[SetClientWebhookPaceCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_set_client_webhook_pace_coin_version(
    value: str,
) -> SetClientWebhookPaceCoinVersion:
    if value in SET_CLIENT_WEBHOOK_PACE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SET_CLIENT_WEBHOOK_PACE_COIN_VERSION_VALUES!r}"
    )
