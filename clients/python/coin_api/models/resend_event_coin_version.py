from typing import Literal

ResendEventCoinVersion = Literal["3.0.0", "3.1.0"]

RESEND_EVENT_COIN_VERSION_VALUES: set[ResendEventCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_resend_event_coin_version(value: str) -> ResendEventCoinVersion:
    if value in RESEND_EVENT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RESEND_EVENT_COIN_VERSION_VALUES!r}"
    )
