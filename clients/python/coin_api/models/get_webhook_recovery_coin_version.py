from typing import Literal

GetWebhookRecoveryCoinVersion = Literal["3.0.0", "3.1.0"]

GET_WEBHOOK_RECOVERY_COIN_VERSION_VALUES: set[GetWebhookRecoveryCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_webhook_recovery_coin_version(
    value: str,
) -> GetWebhookRecoveryCoinVersion:
    if value in GET_WEBHOOK_RECOVERY_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_WEBHOOK_RECOVERY_COIN_VERSION_VALUES!r}"
    )
