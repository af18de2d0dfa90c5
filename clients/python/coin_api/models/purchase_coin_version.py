from typing import Literal

PurchaseCoinVersion = Literal["3.0.0", "3.1.0"]

PURCHASE_COIN_VERSION_VALUES: set[PurchaseCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_purchase_coin_version(value: str) -> PurchaseCoinVersion:
    if value in PURCHASE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PURCHASE_COIN_VERSION_VALUES!r}"
    )
