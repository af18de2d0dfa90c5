from typing import Literal

CreateApiKeyBodyScopesItem = Literal["burn", "mint", "refund", "reward"]

CREATE_API_KEY_BODY_SCOPES_ITEM_VALUES: set[CreateApiKeyBodyScopesItem] = {
    "burn",
    "mint",
    "refund",
    "reward",
}


def check_create_api_key_body_scopes_item(value: str) -> CreateApiKeyBodyScopesItem:
    if value in CREATE_API_KEY_BODY_SCOPES_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_API_KEY_BODY_SCOPES_ITEM_VALUES!r}"
    )
