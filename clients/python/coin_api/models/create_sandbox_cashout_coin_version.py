from typing import Literal

CreateSandboxCashoutCoinVersion = Literal["3.0.0", "3.1.0"]

CREATE_SANDBOX_CASHOUT_COIN_VERSION_VALUES: set[CreateSandboxCashoutCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_create_sandbox_cashout_coin_version(
    value: str,
) -> CreateSandboxCashoutCoinVersion:
    if value in CREATE_SANDBOX_CASHOUT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_SANDBOX_CASHOUT_COIN_VERSION_VALUES!r}"
    )
