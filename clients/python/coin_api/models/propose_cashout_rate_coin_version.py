from typing import Literal

ProposeCashoutRateCoinVersion = Literal["3.0.0", "3.1.0"]

PROPOSE_CASHOUT_RATE_COIN_VERSION_VALUES: set[ProposeCashoutRateCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_propose_cashout_rate_coin_version(
    value: str,
) -> ProposeCashoutRateCoinVersion:
    if value in PROPOSE_CASHOUT_RATE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PROPOSE_CASHOUT_RATE_COIN_VERSION_VALUES!r}"
    )
