from typing import Literal

ListApiKeysCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_API_KEYS_COIN_VERSION_VALUES: set[ListApiKeysCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_api_keys_coin_version(value: str) -> ListApiKeysCoinVersion:
    if value in LIST_API_KEYS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_API_KEYS_COIN_VERSION_VALUES!r}"
    )
