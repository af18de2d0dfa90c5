from typing import Literal

FreezeUserWalletResponse201FreezeType0FrozenByKind = Literal["service", "user"]

FREEZE_USER_WALLET_RESPONSE_201_FREEZE_TYPE_0_FROZEN_BY_KIND_VALUES: set[
    FreezeUserWalletResponse201FreezeType0FrozenByKind
] = {
    "service",
    "user",
}


def check_freeze_user_wallet_response_201_freeze_type_0_frozen_by_kind(
    value: str,
) -> FreezeUserWalletResponse201FreezeType0FrozenByKind:
    if value in FREEZE_USER_WALLET_RESPONSE_201_FREEZE_TYPE_0_FROZEN_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {FREEZE_USER_WALLET_RESPONSE_201_FREEZE_TYPE_0_FROZEN_BY_KIND_VALUES!r}"
    )
