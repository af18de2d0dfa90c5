from typing import Literal

ListWalletFreezesUnfreezeStatus = Literal["EXPIRED", "NONE", "PENDING"]

LIST_WALLET_FREEZES_UNFREEZE_STATUS_VALUES: set[ListWalletFreezesUnfreezeStatus] = {
    "EXPIRED",
    "NONE",
    "PENDING",
}


def check_list_wallet_freezes_unfreeze_status(
    value: str,
) -> ListWalletFreezesUnfreezeStatus:
    if value in LIST_WALLET_FREEZES_UNFREEZE_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_WALLET_FREEZES_UNFREEZE_STATUS_VALUES!r}"
    )
