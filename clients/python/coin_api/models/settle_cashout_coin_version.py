from typing import Literal

SettleCashoutCoinVersion = Literal["3.0.0", "3.1.0"]

SETTLE_CASHOUT_COIN_VERSION_VALUES: set[SettleCashoutCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_settle_cashout_coin_version(value: str) -> SettleCashoutCoinVersion:
    if value in SETTLE_CASHOUT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SETTLE_CASHOUT_COIN_VERSION_VALUES!r}"
    )
