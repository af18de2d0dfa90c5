from typing import Literal

ApproveCashoutRateCoinVersion = Literal["3.0.0", "3.1.0"]

APPROVE_CASHOUT_RATE_COIN_VERSION_VALUES: set[ApproveCashoutRateCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_approve_cashout_rate_coin_version(
    value: str,
) -> ApproveCashoutRateCoinVersion:
    if value in APPROVE_CASHOUT_RATE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_CASHOUT_RATE_COIN_VERSION_VALUES!r}"
    )
