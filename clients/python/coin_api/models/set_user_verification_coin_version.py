from typing import Literal

SetUserVerificationCoinVersion = Literal["3.0.0", "3.1.0"]

SET_USER_VERIFICATION_COIN_VERSION_VALUES: set[SetUserVerificationCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_set_user_verification_coin_version(
    value: str,
) -> SetUserVerificationCoinVersion:
    if value in SET_USER_VERIFICATION_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SET_USER_VERIFICATION_COIN_VERSION_VALUES!r}"
    )
