from typing import Literal

PayoutBodyFromType0Treasury = Literal["REWARDS"]

PAYOUT_BODY_FROM_TYPE_0_TREASURY_VALUES: set[PayoutBodyFromType0Treasury] = {
    "REWARDS",
}


def check_payout_body_from_type_0_treasury(value: str) -> PayoutBodyFromType0Treasury:
    if value in PAYOUT_BODY_FROM_TYPE_0_TREASURY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PAYOUT_BODY_FROM_TYPE_0_TREASURY_VALUES!r}"
    )
