from typing import Literal

ListServiceActionsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_SERVICE_ACTIONS_COIN_VERSION_VALUES: set[ListServiceActionsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_service_actions_coin_version(
    value: str,
) -> ListServiceActionsCoinVersion:
    if value in LIST_SERVICE_ACTIONS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_SERVICE_ACTIONS_COIN_VERSION_VALUES!r}"
    )
