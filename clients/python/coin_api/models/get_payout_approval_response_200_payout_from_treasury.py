from typing import Literal

GetPayoutApprovalResponse200PayoutFromTreasury = Literal["REWARDS"]

GET_PAYOUT_APPROVAL_RESPONSE_200_PAYOUT_FROM_TREASURY_VALUES: set[
    GetPayoutApprovalResponse200PayoutFromTreasury
] = {
    "REWARDS",
}


def check_get_payout_approval_response_200_payout_from_treasury(
    value: str,
) -> GetPayoutApprovalResponse200PayoutFromTreasury:
    if value in GET_PAYOUT_APPROVAL_RESPONSE_200_PAYOUT_FROM_TREASURY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_PAYOUT_APPROVAL_RESPONSE_200_PAYOUT_FROM_TREASURY_VALUES!r}"
    )
