from typing import Literal

ApiKeyScopesItem = Literal["burn", "mint", "refund", "reward"]

API_KEY_SCOPES_ITEM_VALUES: set[ApiKeyScopesItem] = {
    "burn",
    "mint",
    "refund",
    "reward",
}


def check_api_key_scopes_item(value: str) -> ApiKeyScopesItem:
    if value in API_KEY_SCOPES_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {API_KEY_SCOPES_ITEM_VALUES!r}"
    )
