from typing import Literal

ClaimCashoutCoinVersion = Literal["3.0.0", "3.1.0"]

CLAIM_CASHOUT_COIN_VERSION_VALUES: set[ClaimCashoutCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_claim_cashout_coin_version(value: str) -> ClaimCashoutCoinVersion:
    if value in CLAIM_CASHOUT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CLAIM_CASHOUT_COIN_VERSION_VALUES!r}"
    )
