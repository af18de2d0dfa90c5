from typing import Literal

ListWalletFreezesResponse200FreezesItemUnfreezeStatus = Literal[
    "EXPIRED", "NONE", "PENDING"
]

LIST_WALLET_FREEZES_RESPONSE_200_FREEZES_ITEM_UNFREEZE_STATUS_VALUES: set[
    ListWalletFreezesResponse200FreezesItemUnfreezeStatus
] = {
    "EXPIRED",
    "NONE",
    "PENDING",
}


def check_list_wallet_freezes_response_200_freezes_item_unfreeze_status(
    value: str,
) -> ListWalletFreezesResponse200FreezesItemUnfreezeStatus:
    if value in LIST_WALLET_FREEZES_RESPONSE_200_FREEZES_ITEM_UNFREEZE_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_WALLET_FREEZES_RESPONSE_200_FREEZES_ITEM_UNFREEZE_STATUS_VALUES!r}"
    )
