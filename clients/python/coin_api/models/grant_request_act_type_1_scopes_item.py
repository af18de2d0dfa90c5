from typing import Literal

GrantRequestActType1ScopesItem = Literal["burn", "mint", "refund", "reward"]

GRANT_REQUEST_ACT_TYPE_1_SCOPES_ITEM_VALUES: set[GrantRequestActType1ScopesItem] = {
    "burn",
    "mint",
    "refund",
    "reward",
}


def check_grant_request_act_type_1_scopes_item(
    value: str,
) -> GrantRequestActType1ScopesItem:
    if value in GRANT_REQUEST_ACT_TYPE_1_SCOPES_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GRANT_REQUEST_ACT_TYPE_1_SCOPES_ITEM_VALUES!r}"
    )
