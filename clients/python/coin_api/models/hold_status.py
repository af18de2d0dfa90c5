from typing import Literal

HoldStatus = Literal["CAPTURED", "EXPIRED", "PENDING", "VOIDED"]

HOLD_STATUS_VALUES: set[HoldStatus] = {
    "CAPTURED",
    "EXPIRED",
    "PENDING",
    "VOIDED",
}


def check_hold_status(value: str) -> HoldStatus:
    if value in HOLD_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {HOLD_STATUS_VALUES!r}"
    )
