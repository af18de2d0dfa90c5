from typing import Literal

ListCommissionChangesCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_COMMISSION_CHANGES_COIN_VERSION_VALUES: set[ListCommissionChangesCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_commission_changes_coin_version(
    value: str,
) -> ListCommissionChangesCoinVersion:
    if value in LIST_COMMISSION_CHANGES_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_COMMISSION_CHANGES_COIN_VERSION_VALUES!r}"
    )
