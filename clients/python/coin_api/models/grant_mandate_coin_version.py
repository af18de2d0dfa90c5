from typing import Literal

GrantMandateCoinVersion = Literal["3.0.0", "3.1.0"]

GRANT_MANDATE_COIN_VERSION_VALUES: set[GrantMandateCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_grant_mandate_coin_version(value: str) -> GrantMandateCoinVersion:
    if value in GRANT_MANDATE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GRANT_MANDATE_COIN_VERSION_VALUES!r}"
    )
