from typing import Literal

PayoutResponse202ApprovalPayoutFromTreasury = Literal["REWARDS"]

PAYOUT_RESPONSE_202_APPROVAL_PAYOUT_FROM_TREASURY_VALUES: set[
    PayoutResponse202ApprovalPayoutFromTreasury
] = {
    "REWARDS",
}


def check_payout_response_202_approval_payout_from_treasury(
    value: str,
) -> PayoutResponse202ApprovalPayoutFromTreasury:
    if value in PAYOUT_RESPONSE_202_APPROVAL_PAYOUT_FROM_TREASURY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PAYOUT_RESPONSE_202_APPROVAL_PAYOUT_FROM_TREASURY_VALUES!r}"
    )
