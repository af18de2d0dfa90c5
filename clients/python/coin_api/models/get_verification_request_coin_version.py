from typing import Literal

GetVerificationRequestCoinVersion = Literal["3.0.0", "3.1.0"]

GET_VERIFICATION_REQUEST_COIN_VERSION_VALUES: set[GetVerificationRequestCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_verification_request_coin_version(
    value: str,
) -> GetVerificationRequestCoinVersion:
    if value in GET_VERIFICATION_REQUEST_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_VERIFICATION_REQUEST_COIN_VERSION_VALUES!r}"
    )
