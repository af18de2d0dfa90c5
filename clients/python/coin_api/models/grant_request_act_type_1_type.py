from typing import Literal

GrantRequestActType1Type = Literal["user.api-key.create"]

GRANT_REQUEST_ACT_TYPE_1_TYPE_VALUES: set[GrantRequestActType1Type] = {
    "user.api-key.create",
}


def check_grant_request_act_type_1_type(value: str) -> GrantRequestActType1Type:
    if value in GRANT_REQUEST_ACT_TYPE_1_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GRANT_REQUEST_ACT_TYPE_1_TYPE_VALUES!r}"
    )
