from typing import Literal

ApproveUnfreezeResponse200FreezeType0FrozenByKind = Literal["service", "user"]

APPROVE_UNFREEZE_RESPONSE_200_FREEZE_TYPE_0_FROZEN_BY_KIND_VALUES: set[
    ApproveUnfreezeResponse200FreezeType0FrozenByKind
] = {
    "service",
    "user",
}


def check_approve_unfreeze_response_200_freeze_type_0_frozen_by_kind(
    value: str,
) -> ApproveUnfreezeResponse200FreezeType0FrozenByKind:
    if value in APPROVE_UNFREEZE_RESPONSE_200_FREEZE_TYPE_0_FROZEN_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_UNFREEZE_RESPONSE_200_FREEZE_TYPE_0_FROZEN_BY_KIND_VALUES!r}"
    )
