from typing import Literal

ListSandboxTestUsersCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_SANDBOX_TEST_USERS_COIN_VERSION_VALUES: set[ListSandboxTestUsersCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_sandbox_test_users_coin_version(
    value: str,
) -> ListSandboxTestUsersCoinVersion:
    if value in LIST_SANDBOX_TEST_USERS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_SANDBOX_TEST_USERS_COIN_VERSION_VALUES!r}"
    )
