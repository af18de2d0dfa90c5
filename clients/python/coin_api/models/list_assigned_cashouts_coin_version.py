from typing import Literal

ListAssignedCashoutsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_ASSIGNED_CASHOUTS_COIN_VERSION_VALUES: set[ListAssignedCashoutsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_assigned_cashouts_coin_version(
    value: str,
) -> ListAssignedCashoutsCoinVersion:
    if value in LIST_ASSIGNED_CASHOUTS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_ASSIGNED_CASHOUTS_COIN_VERSION_VALUES!r}"
    )
