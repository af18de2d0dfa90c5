from typing import Literal

RejectPayoutRequestResponse200ApprovalPayoutFromTreasury = Literal["REWARDS"]

REJECT_PAYOUT_REQUEST_RESPONSE_200_APPROVAL_PAYOUT_FROM_TREASURY_VALUES: set[
    RejectPayoutRequestResponse200ApprovalPayoutFromTreasury
] = {
    "REWARDS",
}


def check_reject_payout_request_response_200_approval_payout_from_treasury(
    value: str,
) -> RejectPayoutRequestResponse200ApprovalPayoutFromTreasury:
    if value in REJECT_PAYOUT_REQUEST_RESPONSE_200_APPROVAL_PAYOUT_FROM_TREASURY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_PAYOUT_REQUEST_RESPONSE_200_APPROVAL_PAYOUT_FROM_TREASURY_VALUES!r}"
    )
