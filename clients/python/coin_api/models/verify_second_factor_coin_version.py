from typing import Literal

VerifySecondFactorCoinVersion = Literal["3.0.0", "3.1.0"]

VERIFY_SECOND_FACTOR_COIN_VERSION_VALUES: set[VerifySecondFactorCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_verify_second_factor_coin_version(
    value: str,
) -> VerifySecondFactorCoinVersion:
    if value in VERIFY_SECOND_FACTOR_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {VERIFY_SECOND_FACTOR_COIN_VERSION_VALUES!r}"
    )
