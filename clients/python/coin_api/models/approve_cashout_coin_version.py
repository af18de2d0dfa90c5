from typing import Literal

ApproveCashoutCoinVersion = Literal["3.0.0", "3.1.0"]

APPROVE_CASHOUT_COIN_VERSION_VALUES: set[ApproveCashoutCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_approve_cashout_coin_version(value: str) -> ApproveCashoutCoinVersion:
    if value in APPROVE_CASHOUT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_CASHOUT_COIN_VERSION_VALUES!r}"
    )
