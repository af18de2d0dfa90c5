from typing import Literal

RevokeOwnTestClientCoinVersion = Literal["3.0.0", "3.1.0"]

REVOKE_OWN_TEST_CLIENT_COIN_VERSION_VALUES: set[RevokeOwnTestClientCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_revoke_own_test_client_coin_version(
    value: str,
) -> RevokeOwnTestClientCoinVersion:
    if value in REVOKE_OWN_TEST_CLIENT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REVOKE_OWN_TEST_CLIENT_COIN_VERSION_VALUES!r}"
    )
