from typing import Literal

SetWebhookPaceCoinVersion = Literal["3.0.0", "3.1.0"]

SET_WEBHOOK_PACE_COIN_VERSION_VALUES: set[SetWebhookPaceCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_set_webhook_pace_coin_version(value: str) -> SetWebhookPaceCoinVersion:
    if value in SET_WEBHOOK_PACE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SET_WEBHOOK_PACE_COIN_VERSION_VALUES!r}"
    )
