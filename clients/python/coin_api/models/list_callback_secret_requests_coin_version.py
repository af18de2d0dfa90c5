from typing import Literal

ListCallbackSecretRequestsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_CALLBACK_SECRET_REQUESTS_COIN_VERSION_VALUES: set[
    ListCallbackSecretRequestsCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_list_callback_secret_requests_coin_version(
    value: str,
) -> ListCallbackSecretRequestsCoinVersion:
    if value in LIST_CALLBACK_SECRET_REQUESTS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CALLBACK_SECRET_REQUESTS_COIN_VERSION_VALUES!r}"
    )
