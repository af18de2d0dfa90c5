from typing import Literal

ApproveCommissionChangeCoinVersion = Literal["3.0.0", "3.1.0"]

APPROVE_COMMISSION_CHANGE_COIN_VERSION_VALUES: set[
    ApproveCommissionChangeCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_approve_commission_change_coin_version(
    value: str,
) -> ApproveCommissionChangeCoinVersion:
    if value in APPROVE_COMMISSION_CHANGE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_COMMISSION_CHANGE_COIN_VERSION_VALUES!r}"
    )
