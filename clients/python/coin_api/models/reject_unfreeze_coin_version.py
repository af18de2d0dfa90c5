from typing import Literal

RejectUnfreezeCoinVersion = Literal["3.0.0", "3.1.0"]

REJECT_UNFREEZE_COIN_VERSION_VALUES: set[RejectUnfreezeCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_reject_unfreeze_coin_version(value: str) -> RejectUnfreezeCoinVersion:
    if value in REJECT_UNFREEZE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_UNFREEZE_COIN_VERSION_VALUES!r}"
    )
