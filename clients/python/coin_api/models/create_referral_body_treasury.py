from typing import Literal

CreateReferralBodyTreasury = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

CREATE_REFERRAL_BODY_TREASURY_VALUES: set[CreateReferralBodyTreasury] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_create_referral_body_treasury(value: str) -> CreateReferralBodyTreasury:
    if value in CREATE_REFERRAL_BODY_TREASURY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_REFERRAL_BODY_TREASURY_VALUES!r}"
    )
