from typing import Literal

CreateSandboxMandateCoinVersion = Literal["3.0.0", "3.1.0"]

CREATE_SANDBOX_MANDATE_COIN_VERSION_VALUES: set[CreateSandboxMandateCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_create_sandbox_mandate_coin_version(
    value: str,
) -> CreateSandboxMandateCoinVersion:
    if value in CREATE_SANDBOX_MANDATE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_SANDBOX_MANDATE_COIN_VERSION_VALUES!r}"
    )
