from typing import Literal

RequestCashoutReversalCoinVersion = Literal["3.0.0", "3.1.0"]

REQUEST_CASHOUT_REVERSAL_COIN_VERSION_VALUES: set[RequestCashoutReversalCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_request_cashout_reversal_coin_version(
    value: str,
) -> RequestCashoutReversalCoinVersion:
    if value in REQUEST_CASHOUT_REVERSAL_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_CASHOUT_REVERSAL_COIN_VERSION_VALUES!r}"
    )
