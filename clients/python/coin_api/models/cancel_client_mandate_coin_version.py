from typing import Literal

CancelClientMandateCoinVersion = Literal["3.0.0", "3.1.0"]

CANCEL_CLIENT_MANDATE_COIN_VERSION_VALUES: set[CancelClientMandateCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_cancel_client_mandate_coin_version(
    value: str,
) -> CancelClientMandateCoinVersion:
    if value in CANCEL_CLIENT_MANDATE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_CLIENT_MANDATE_COIN_VERSION_VALUES!r}"
    )
