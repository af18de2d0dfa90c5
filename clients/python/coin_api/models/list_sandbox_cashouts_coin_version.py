from typing import Literal

ListSandboxCashoutsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_SANDBOX_CASHOUTS_COIN_VERSION_VALUES: set[ListSandboxCashoutsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_sandbox_cashouts_coin_version(
    value: str,
) -> ListSandboxCashoutsCoinVersion:
    if value in LIST_SANDBOX_CASHOUTS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_SANDBOX_CASHOUTS_COIN_VERSION_VALUES!r}"
    )
