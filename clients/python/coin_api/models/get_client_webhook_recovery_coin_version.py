from typing import Literal

GetClientWebhookRecoveryCoinVersion = Literal["3.0.0", "3.1.0"]

GET_CLIENT_WEBHOOK_RECOVERY_COIN_VERSION_VALUES: set[
    GetClientWebhookRecoveryCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_get_client_webhook_recovery_coin_version(
    value: str,
) -> GetClientWebhookRecoveryCoinVersion:
    if value in GET_CLIENT_WEBHOOK_RECOVERY_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_CLIENT_WEBHOOK_RECOVERY_COIN_VERSION_VALUES!r}"
    )
