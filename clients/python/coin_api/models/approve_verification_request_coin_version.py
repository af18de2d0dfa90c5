from typing import Literal

ApproveVerificationRequestCoinVersion = Literal["3.0.0", "3.1.0"]

APPROVE_VERIFICATION_REQUEST_COIN_VERSION_VALUES: set[
    ApproveVerificationRequestCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_approve_verification_request_coin_version(
    value: str,
) -> ApproveVerificationRequestCoinVersion:
    if value in APPROVE_VERIFICATION_REQUEST_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_VERIFICATION_REQUEST_COIN_VERSION_VALUES!r}"
    )
