from typing import Literal

ListPlatformClientsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_PLATFORM_CLIENTS_COIN_VERSION_VALUES: set[ListPlatformClientsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_platform_clients_coin_version(
    value: str,
) -> ListPlatformClientsCoinVersion:
    if value in LIST_PLATFORM_CLIENTS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_PLATFORM_CLIENTS_COIN_VERSION_VALUES!r}"
    )
