from typing import Literal

ListCashoutApprovalsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_CASHOUT_APPROVALS_COIN_VERSION_VALUES: set[ListCashoutApprovalsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_cashout_approvals_coin_version(
    value: str,
) -> ListCashoutApprovalsCoinVersion:
    if value in LIST_CASHOUT_APPROVALS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CASHOUT_APPROVALS_COIN_VERSION_VALUES!r}"
    )
