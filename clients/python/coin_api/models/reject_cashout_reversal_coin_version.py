from typing import Literal

RejectCashoutReversalCoinVersion = Literal["3.0.0", "3.1.0"]

REJECT_CASHOUT_REVERSAL_COIN_VERSION_VALUES: set[RejectCashoutReversalCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_reject_cashout_reversal_coin_version(
    value: str,
) -> RejectCashoutReversalCoinVersion:
    if value in REJECT_CASHOUT_REVERSAL_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_CASHOUT_REVERSAL_COIN_VERSION_VALUES!r}"
    )
