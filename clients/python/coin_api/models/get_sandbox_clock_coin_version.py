from typing import Literal

GetSandboxClockCoinVersion = Literal["3.0.0", "3.1.0"]

GET_SANDBOX_CLOCK_COIN_VERSION_VALUES: set[GetSandboxClockCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_sandbox_clock_coin_version(value: str) -> GetSandboxClockCoinVersion:
    if value in GET_SANDBOX_CLOCK_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_SANDBOX_CLOCK_COIN_VERSION_VALUES!r}"
    )
