from typing import Literal

ListPayoutApprovalsResponse200PayoutApprovalsItemRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

LIST_PAYOUT_APPROVALS_RESPONSE_200_PAYOUT_APPROVALS_ITEM_REQUESTED_BY_KIND_VALUES: set[
    ListPayoutApprovalsResponse200PayoutApprovalsItemRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_list_payout_approvals_response_200_payout_approvals_item_requested_by_kind(
    value: str,
) -> ListPayoutApprovalsResponse200PayoutApprovalsItemRequestedByKind:
    if (
        value
        in LIST_PAYOUT_APPROVALS_RESPONSE_200_PAYOUT_APPROVALS_ITEM_REQUESTED_BY_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_PAYOUT_APPROVALS_RESPONSE_200_PAYOUT_APPROVALS_ITEM_REQUESTED_BY_KIND_VALUES!r}"
    )
