from typing import Literal

LoginResponse200Type0NoticesItemKind = Literal["REGISTRATION_ATTEMPT"]

LOGIN_RESPONSE_200_TYPE_0_NOTICES_ITEM_KIND_VALUES: set[
    LoginResponse200Type0NoticesItemKind
] = {
    "REGISTRATION_ATTEMPT",
}


def check_login_response_200_type_0_notices_item_kind(
    value: str,
) -> LoginResponse200Type0NoticesItemKind:
    if value in LOGIN_RESPONSE_200_TYPE_0_NOTICES_ITEM_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LOGIN_RESPONSE_200_TYPE_0_NOTICES_ITEM_KIND_VALUES!r}"
    )
