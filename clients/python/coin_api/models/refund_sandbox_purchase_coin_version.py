from typing import Literal

RefundSandboxPurchaseCoinVersion = Literal["3.0.0", "3.1.0"]

REFUND_SANDBOX_PURCHASE_COIN_VERSION_VALUES: set[RefundSandboxPurchaseCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_refund_sandbox_purchase_coin_version(
    value: str,
) -> RefundSandboxPurchaseCoinVersion:
    if value in REFUND_SANDBOX_PURCHASE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REFUND_SANDBOX_PURCHASE_COIN_VERSION_VALUES!r}"
    )
