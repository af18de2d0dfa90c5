from typing import Literal

PayoutResponse201PayoutType = Literal["REWARD", "TRANSFER"]

PAYOUT_RESPONSE_201_PAYOUT_TYPE_VALUES: set[PayoutResponse201PayoutType] = {
    "REWARD",
    "TRANSFER",
}


def check_payout_response_201_payout_type(value: str) -> PayoutResponse201PayoutType:
    if value in PAYOUT_RESPONSE_201_PAYOUT_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PAYOUT_RESPONSE_201_PAYOUT_TYPE_VALUES!r}"
    )
