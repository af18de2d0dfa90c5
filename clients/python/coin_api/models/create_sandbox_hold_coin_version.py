from typing import Literal

CreateSandboxHoldCoinVersion = Literal["3.0.0", "3.1.0"]

CREATE_SANDBOX_HOLD_COIN_VERSION_VALUES: set[CreateSandboxHoldCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_create_sandbox_hold_coin_version(value: str) -> CreateSandboxHoldCoinVersion:
    if value in CREATE_SANDBOX_HOLD_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_SANDBOX_HOLD_COIN_VERSION_VALUES!r}"
    )
