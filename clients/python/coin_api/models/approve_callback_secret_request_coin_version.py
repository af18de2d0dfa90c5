from typing import Literal

ApproveCallbackSecretRequestCoinVersion = Literal["3.0.0", "3.1.0"]

APPROVE_CALLBACK_SECRET_REQUEST_COIN_VERSION_VALUES: set[
    ApproveCallbackSecretRequestCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_approve_callback_secret_request_coin_version(
    value: str,
) -> ApproveCallbackSecretRequestCoinVersion:
    if value in APPROVE_CALLBACK_SECRET_REQUEST_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_CALLBACK_SECRET_REQUEST_COIN_VERSION_VALUES!r}"
    )
