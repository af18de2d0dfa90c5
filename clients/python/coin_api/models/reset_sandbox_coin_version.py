from typing import Literal

ResetSandboxCoinVersion = Literal["3.0.0", "3.1.0"]

RESET_SANDBOX_COIN_VERSION_VALUES: set[ResetSandboxCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_reset_sandbox_coin_version(value: str) -> ResetSandboxCoinVersion:
    if value in RESET_SANDBOX_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RESET_SANDBOX_COIN_VERSION_VALUES!r}"
    )
