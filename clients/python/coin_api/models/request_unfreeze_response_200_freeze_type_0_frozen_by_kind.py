from typing import Literal

RequestUnfreezeResponse200FreezeType0FrozenByKind = Literal["service", "user"]

REQUEST_UNFREEZE_RESPONSE_200_FREEZE_TYPE_0_FROZEN_BY_KIND_VALUES: set[
    RequestUnfreezeResponse200FreezeType0FrozenByKind
] = {
    "service",
    "user",
}


def check_request_unfreeze_response_200_freeze_type_0_frozen_by_kind(
    value: str,
) -> RequestUnfreezeResponse200FreezeType0FrozenByKind:
    if value in REQUEST_UNFREEZE_RESPONSE_200_FREEZE_TYPE_0_FROZEN_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_UNFREEZE_RESPONSE_200_FREEZE_TYPE_0_FROZEN_BY_KIND_VALUES!r}"
    )
