from typing import Literal

StreamUserBalanceCoinVersion = Literal["3.0.0", "3.1.0"]

STREAM_USER_BALANCE_COIN_VERSION_VALUES: set[StreamUserBalanceCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_stream_user_balance_coin_version(value: str) -> StreamUserBalanceCoinVersion:
    if value in STREAM_USER_BALANCE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {STREAM_USER_BALANCE_COIN_VERSION_VALUES!r}"
    )
