from typing import Literal

ListPayoutApprovalsResponse200PayoutApprovalsItemPayoutFromTreasury = Literal["REWARDS"]

LIST_PAYOUT_APPROVALS_RESPONSE_200_PAYOUT_APPROVALS_ITEM_PAYOUT_FROM_TREASURY_VALUES: set[
    ListPayoutApprovalsResponse200PayoutApprovalsItemPayoutFromTreasury
] = {
    "REWARDS",
}


def check_list_payout_approvals_response_200_payout_approvals_item_payout_from_treasury(
    value: str,
) -> ListPayoutApprovalsResponse200PayoutApprovalsItemPayoutFromTreasury:
    if (
        value
        in LIST_PAYOUT_APPROVALS_RESPONSE_200_PAYOUT_APPROVALS_ITEM_PAYOUT_FROM_TREASURY_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_PAYOUT_APPROVALS_RESPONSE_200_PAYOUT_APPROVALS_ITEM_PAYOUT_FROM_TREASURY_VALUES!r}"
    )
