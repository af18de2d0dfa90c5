from typing import Literal

ConfirmMfaEnrolmentCoinVersion = Literal["3.0.0", "3.1.0"]

CONFIRM_MFA_ENROLMENT_COIN_VERSION_VALUES: set[ConfirmMfaEnrolmentCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_confirm_mfa_enrolment_coin_version(
    value: str,
) -> ConfirmMfaEnrolmentCoinVersion:
    if value in CONFIRM_MFA_ENROLMENT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CONFIRM_MFA_ENROLMENT_COIN_VERSION_VALUES!r}"
    )
