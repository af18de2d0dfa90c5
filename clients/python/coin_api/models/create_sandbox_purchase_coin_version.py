from typing import Literal

CreateSandboxPurchaseCoinVersion = Literal["3.0.0", "3.1.0"]

CREATE_SANDBOX_PURCHASE_COIN_VERSION_VALUES: set[CreateSandboxPurchaseCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_create_sandbox_purchase_coin_version(
    value: str,
) -> CreateSandboxPurchaseCoinVersion:
    if value in CREATE_SANDBOX_PURCHASE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_SANDBOX_PURCHASE_COIN_VERSION_VALUES!r}"
    )
