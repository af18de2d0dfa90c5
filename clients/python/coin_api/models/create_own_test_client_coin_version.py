from typing import Literal

CreateOwnTestClientCoinVersion = Literal["3.0.0", "3.1.0"]

CREATE_OWN_TEST_CLIENT_COIN_VERSION_VALUES: set[CreateOwnTestClientCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_create_own_test_client_coin_version(
    value: str,
) -> CreateOwnTestClientCoinVersion:
    if value in CREATE_OWN_TEST_CLIENT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_OWN_TEST_CLIENT_COIN_VERSION_VALUES!r}"
    )
