from typing import Literal

AdvanceSandboxClockCoinVersion = Literal["3.0.0", "3.1.0"]

ADVANCE_SANDBOX_CLOCK_COIN_VERSION_VALUES: set[AdvanceSandboxClockCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_advance_sandbox_clock_coin_version(
    value: str,
) -> AdvanceSandboxClockCoinVersion:
    if value in ADVANCE_SANDBOX_CLOCK_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ADVANCE_SANDBOX_CLOCK_COIN_VERSION_VALUES!r}"
    )
