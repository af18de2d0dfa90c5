from typing import Literal

SetUserLimitsBodySingleAmountType0Type0 = Literal[0]

SET_USER_LIMITS_BODY_SINGLE_AMOUNT_TYPE_0_TYPE_0_VALUES: set[
    SetUserLimitsBodySingleAmountType0Type0
] = {
    0,
}


def check_set_user_limits_body_single_amount_type_0_type_0(
    value: int,
) -> SetUserLimitsBodySingleAmountType0Type0:
    if value in SET_USER_LIMITS_BODY_SINGLE_AMOUNT_TYPE_0_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SET_USER_LIMITS_BODY_SINGLE_AMOUNT_TYPE_0_TYPE_0_VALUES!r}"
    )
