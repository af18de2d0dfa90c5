from typing import Literal

GrantRequestActType0Role = Literal["ADMIN", "DEVELOPER", "SUPERADMIN", "USER"]

GRANT_REQUEST_ACT_TYPE_0_ROLE_VALUES: set[GrantRequestActType0Role] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_grant_request_act_type_0_role(value: str) -> GrantRequestActType0Role:
    if value in GRANT_REQUEST_ACT_TYPE_0_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GRANT_REQUEST_ACT_TYPE_0_ROLE_VALUES!r}"
    )
