from typing import Literal

StreamMyBalanceCoinVersion = Literal["3.0.0", "3.1.0"]

STREAM_MY_BALANCE_COIN_VERSION_VALUES: set[StreamMyBalanceCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_stream_my_balance_coin_version(value: str) -> StreamMyBalanceCoinVersion:
    if value in STREAM_MY_BALANCE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {STREAM_MY_BALANCE_COIN_VERSION_VALUES!r}"
    )
