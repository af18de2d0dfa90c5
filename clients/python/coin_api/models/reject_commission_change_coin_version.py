from typing import Literal

RejectCommissionChangeCoinVersion = Literal["3.0.0", "3.1.0"]

REJECT_COMMISSION_CHANGE_COIN_VERSION_VALUES: set[RejectCommissionChangeCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_reject_commission_change_coin_version(
    value: str,
) -> RejectCommissionChangeCoinVersion:
    if value in REJECT_COMMISSION_CHANGE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_COMMISSION_CHANGE_COIN_VERSION_VALUES!r}"
    )
