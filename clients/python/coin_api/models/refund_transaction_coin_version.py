from typing import Literal

RefundTransactionCoinVersion = Literal["3.0.0", "3.1.0"]

REFUND_TRANSACTION_COIN_VERSION_VALUES: set[RefundTransactionCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_refund_transaction_coin_version(value: str) -> RefundTransactionCoinVersion:
    if value in REFUND_TRANSACTION_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REFUND_TRANSACTION_COIN_VERSION_VALUES!r}"
    )
