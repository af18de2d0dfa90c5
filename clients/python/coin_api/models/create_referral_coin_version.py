from typing import Literal

CreateReferralCoinVersion = Literal["3.0.0", "3.1.0"]

CREATE_REFERRAL_COIN_VERSION_VALUES: set[CreateReferralCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_create_referral_coin_version(value: str) -> CreateReferralCoinVersion:
    if value in CREATE_REFERRAL_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_REFERRAL_COIN_VERSION_VALUES!r}"
    )
