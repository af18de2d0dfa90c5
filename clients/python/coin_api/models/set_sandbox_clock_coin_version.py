from typing import Literal

SetSandboxClockCoinVersion = Literal["3.0.0", "3.1.0"]

SET_SANDBOX_CLOCK_COIN_VERSION_VALUES: set[SetSandboxClockCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_set_sandbox_clock_coin_version(value: str) -> SetSandboxClockCoinVersion:
    if value in SET_SANDBOX_CLOCK_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SET_SANDBOX_CLOCK_COIN_VERSION_VALUES!r}"
    )
