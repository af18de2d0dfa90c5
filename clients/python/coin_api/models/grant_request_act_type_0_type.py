from typing import Literal

GrantRequestActType0Type = Literal["user.change-role"]

GRANT_REQUEST_ACT_TYPE_0_TYPE_VALUES: set[GrantRequestActType0Type] = {
    "user.change-role",
}


def check_grant_request_act_type_0_type(value: str) -> GrantRequestActType0Type:
    if value in GRANT_REQUEST_ACT_TYPE_0_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GRANT_REQUEST_ACT_TYPE_0_TYPE_VALUES!r}"
    )
