from typing import Literal

RejectCashoutCoinVersion = Literal["3.0.0", "3.1.0"]

REJECT_CASHOUT_COIN_VERSION_VALUES: set[RejectCashoutCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_reject_cashout_coin_version(value: str) -> RejectCashoutCoinVersion:
    if value in REJECT_CASHOUT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_CASHOUT_COIN_VERSION_VALUES!r}"
    )
