from typing import Literal

SetUserLimitsBodyDailyAmountType0Type0 = Literal[0]

SET_USER_LIMITS_BODY_DAILY_AMOUNT_TYPE_0_TYPE_0_VALUES: set[
    SetUserLimitsBodyDailyAmountType0Type0
] = {
    0,
}


def check_set_user_limits_body_daily_amount_type_0_type_0(
    value: int,
) -> SetUserLimitsBodyDailyAmountType0Type0:
    if value in SET_USER_LIMITS_BODY_DAILY_AMOUNT_TYPE_0_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SET_USER_LIMITS_BODY_DAILY_AMOUNT_TYPE_0_TYPE_0_VALUES!r}"
    )
