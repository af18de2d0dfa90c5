from typing import Literal

RequestCallbackSecretCoinVersion = Literal["3.0.0", "3.1.0"]

REQUEST_CALLBACK_SECRET_COIN_VERSION_VALUES: set[RequestCallbackSecretCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_request_callback_secret_coin_version(
    value: str,
) -> RequestCallbackSecretCoinVersion:
    if value in REQUEST_CALLBACK_SECRET_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_CALLBACK_SECRET_COIN_VERSION_VALUES!r}"
    )
