from typing import Literal

CreateTestClientCoinVersion = Literal["3.0.0", "3.1.0"]

CREATE_TEST_CLIENT_COIN_VERSION_VALUES: set[CreateTestClientCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_create_test_client_coin_version(value: str) -> CreateTestClientCoinVersion:
    if value in CREATE_TEST_CLIENT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_TEST_CLIENT_COIN_VERSION_VALUES!r}"
    )
