from typing import Literal

ListClientTreasuriesCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_CLIENT_TREASURIES_COIN_VERSION_VALUES: set[ListClientTreasuriesCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_client_treasuries_coin_version(
    value: str,
) -> ListClientTreasuriesCoinVersion:
    if value in LIST_CLIENT_TREASURIES_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CLIENT_TREASURIES_COIN_VERSION_VALUES!r}"
    )
