from typing import Literal

RejectVerificationRequestCoinVersion = Literal["3.0.0", "3.1.0"]

REJECT_VERIFICATION_REQUEST_COIN_VERSION_VALUES: set[
    RejectVerificationRequestCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_reject_verification_request_coin_version(
    value: str,
) -> RejectVerificationRequestCoinVersion:
    if value in REJECT_VERIFICATION_REQUEST_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_VERIFICATION_REQUEST_COIN_VERSION_VALUES!r}"
    )
