from typing import Literal

RequestUserVerificationCoinVersion = Literal["3.0.0", "3.1.0"]

REQUEST_USER_VERIFICATION_COIN_VERSION_VALUES: set[
    RequestUserVerificationCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_request_user_verification_coin_version(
    value: str,
) -> RequestUserVerificationCoinVersion:
    if value in REQUEST_USER_VERIFICATION_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_USER_VERIFICATION_COIN_VERSION_VALUES!r}"
    )
