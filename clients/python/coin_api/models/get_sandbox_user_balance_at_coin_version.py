from typing import Literal

GetSandboxUserBalanceAtCoinVersion = Literal["3.0.0", "3.1.0"]

GET_SANDBOX_USER_BALANCE_AT_COIN_VERSION_VALUES: set[
    GetSandboxUserBalanceAtCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_get_sandbox_user_balance_at_coin_version(
    value: str,
) -> GetSandboxUserBalanceAtCoinVersion:
    if value in GET_SANDBOX_USER_BALANCE_AT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_SANDBOX_USER_BALANCE_AT_COIN_VERSION_VALUES!r}"
    )
