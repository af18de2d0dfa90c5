from typing import Literal

GrantRequestActType2Type = Literal["user.platform-client.create"]

GRANT_REQUEST_ACT_TYPE_2_TYPE_VALUES: set[GrantRequestActType2Type] = {
    "user.platform-client.create",
}


def check_grant_request_act_type_2_type(value: str) -> GrantRequestActType2Type:
    if value in GRANT_REQUEST_ACT_TYPE_2_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GRANT_REQUEST_ACT_TYPE_2_TYPE_VALUES!r}"
    )
