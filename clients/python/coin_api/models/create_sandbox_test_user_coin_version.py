from typing import Literal

CreateSandboxTestUserCoinVersion = Literal["3.0.0", "3.1.0"]

CREATE_SANDBOX_TEST_USER_COIN_VERSION_VALUES: set[CreateSandboxTestUserCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_create_sandbox_test_user_coin_version(
    value: str,
) -> CreateSandboxTestUserCoinVersion:
    if value in CREATE_SANDBOX_TEST_USER_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_SANDBOX_TEST_USER_COIN_VERSION_VALUES!r}"
    )
