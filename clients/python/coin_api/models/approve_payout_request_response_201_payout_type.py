from typing import Literal

ApprovePayoutRequestResponse201PayoutType = Literal["REWARD", "TRANSFER"]

APPROVE_PAYOUT_REQUEST_RESPONSE_201_PAYOUT_TYPE_VALUES: set[
    ApprovePayoutRequestResponse201PayoutType
] = {
    "REWARD",
    "TRANSFER",
}


def check_approve_payout_request_response_201_payout_type(
    value: str,
) -> ApprovePayoutRequestResponse201PayoutType:
    if value in APPROVE_PAYOUT_REQUEST_RESPONSE_201_PAYOUT_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_PAYOUT_REQUEST_RESPONSE_201_PAYOUT_TYPE_VALUES!r}"
    )
