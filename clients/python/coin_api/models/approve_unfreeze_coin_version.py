from typing import Literal

ApproveUnfreezeCoinVersion = Literal["3.0.0", "3.1.0"]

APPROVE_UNFREEZE_COIN_VERSION_VALUES: set[ApproveUnfreezeCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_approve_unfreeze_coin_version(value: str) -> ApproveUnfreezeCoinVersion:
    if value in APPROVE_UNFREEZE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_UNFREEZE_COIN_VERSION_VALUES!r}"
    )
