from typing import Literal

ListPayoutApprovalsResponse200PayoutApprovalsItemStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

LIST_PAYOUT_APPROVALS_RESPONSE_200_PAYOUT_APPROVALS_ITEM_STATUS_VALUES: set[
    ListPayoutApprovalsResponse200PayoutApprovalsItemStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_list_payout_approvals_response_200_payout_approvals_item_status(
    value: str,
) -> ListPayoutApprovalsResponse200PayoutApprovalsItemStatus:
    if value in LIST_PAYOUT_APPROVALS_RESPONSE_200_PAYOUT_APPROVALS_ITEM_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_PAYOUT_APPROVALS_RESPONSE_200_PAYOUT_APPROVALS_ITEM_STATUS_VALUES!r}"
    )
