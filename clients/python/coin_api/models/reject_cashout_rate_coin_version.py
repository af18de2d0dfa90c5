from typing import Literal

RejectCashoutRateCoinVersion = Literal["3.0.0", "3.1.0"]

REJECT_CASHOUT_RATE_COIN_VERSION_VALUES: set[RejectCashoutRateCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_reject_cashout_rate_coin_version(value: str) -> RejectCashoutRateCoinVersion:
    if value in REJECT_CASHOUT_RATE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_CASHOUT_RATE_COIN_VERSION_VALUES!r}"
    )
