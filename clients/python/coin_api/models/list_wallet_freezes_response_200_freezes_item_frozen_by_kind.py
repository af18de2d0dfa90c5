from typing import Literal

ListWalletFreezesResponse200FreezesItemFrozenByKind = Literal["service", "user"]

LIST_WALLET_FREEZES_RESPONSE_200_FREEZES_ITEM_FROZEN_BY_KIND_VALUES: set[
    ListWalletFreezesResponse200FreezesItemFrozenByKind
] = {
    "service",
    "user",
}


def check_list_wallet_freezes_response_200_freezes_item_frozen_by_kind(
    value: str,
) -> ListWalletFreezesResponse200FreezesItemFrozenByKind:
    if value in LIST_WALLET_FREEZES_RESPONSE_200_FREEZES_ITEM_FROZEN_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_WALLET_FREEZES_RESPONSE_200_FREEZES_ITEM_FROZEN_BY_KIND_VALUES!r}"
    )
