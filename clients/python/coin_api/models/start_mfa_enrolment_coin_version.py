from typing import Literal

StartMfaEnrolmentCoinVersion = Literal["3.0.0", "3.1.0"]

START_MFA_ENROLMENT_COIN_VERSION_VALUES: set[StartMfaEnrolmentCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_start_mfa_enrolment_coin_version(value: str) -> StartMfaEnrolmentCoinVersion:
    if value in START_MFA_ENROLMENT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {START_MFA_ENROLMENT_COIN_VERSION_VALUES!r}"
    )
