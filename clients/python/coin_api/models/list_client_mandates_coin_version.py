from typing import Literal

ListClientMandatesCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_CLIENT_MANDATES_COIN_VERSION_VALUES: set[ListClientMandatesCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_client_mandates_coin_version(
    value: str,
) -> ListClientMandatesCoinVersion:
    if value in LIST_CLIENT_MANDATES_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CLIENT_MANDATES_COIN_VERSION_VALUES!r}"
    )
