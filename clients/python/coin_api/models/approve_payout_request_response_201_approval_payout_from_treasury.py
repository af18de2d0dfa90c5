from typing import Literal

ApprovePayoutRequestResponse201ApprovalPayoutFromTreasury = Literal["REWARDS"]

APPROVE_PAYOUT_REQUEST_RESPONSE_201_APPROVAL_PAYOUT_FROM_TREASURY_VALUES: set[
    ApprovePayoutRequestResponse201ApprovalPayoutFromTreasury
] = {
    "REWARDS",
}


def check_approve_payout_request_response_201_approval_payout_from_treasury(
    value: str,
) -> ApprovePayoutRequestResponse201ApprovalPayoutFromTreasury:
    if (
        value
        in APPROVE_PAYOUT_REQUEST_RESPONSE_201_APPROVAL_PAYOUT_FROM_TREASURY_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_PAYOUT_REQUEST_RESPONSE_201_APPROVAL_PAYOUT_FROM_TREASURY_VALUES!r}"
    )
