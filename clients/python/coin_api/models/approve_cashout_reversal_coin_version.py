from typing import Literal

ApproveCashoutReversalCoinVersion = Literal["3.0.0", "3.1.0"]

APPROVE_CASHOUT_REVERSAL_COIN_VERSION_VALUES: set[ApproveCashoutReversalCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_approve_cashout_reversal_coin_version(
    value: str,
) -> ApproveCashoutReversalCoinVersion:
    if value in APPROVE_CASHOUT_REVERSAL_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_CASHOUT_REVERSAL_COIN_VERSION_VALUES!r}"
    )
