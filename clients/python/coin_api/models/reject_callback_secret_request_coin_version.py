from typing import Literal

RejectCallbackSecretRequestCoinVersion = Literal["3.0.0", "3.1.0"]

REJECT_CALLBACK_SECRET_REQUEST_COIN_VERSION_VALUES: set[
    RejectCallbackSecretRequestCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_reject_callback_secret_request_coin_version(
    value: str,
) -> RejectCallbackSecretRequestCoinVersion:
    if value in REJECT_CALLBACK_SECRET_REQUEST_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_CALLBACK_SECRET_REQUEST_COIN_VERSION_VALUES!r}"
    )
