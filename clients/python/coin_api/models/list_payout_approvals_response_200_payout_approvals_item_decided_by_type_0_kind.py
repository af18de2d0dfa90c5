from typing import Literal

ListPayoutApprovalsResponse200PayoutApprovalsItemDecidedByType0Kind = Literal[
    "operator", "service", "system", "user"
]

LIST_PAYOUT_APPROVALS_RESPONSE_200_PAYOUT_APPROVALS_ITEM_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    ListPayoutApprovalsResponse200PayoutApprovalsItemDecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_list_payout_approvals_response_200_payout_approvals_item_decided_by_type_0_kind(
    value: str,
) -> ListPayoutApprovalsResponse200PayoutApprovalsItemDecidedByType0Kind:
    if (
        value
        in LIST_PAYOUT_APPROVALS_RESPONSE_200_PAYOUT_APPROVALS_ITEM_DECIDED_BY_TYPE_0_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_PAYOUT_APPROVALS_RESPONSE_200_PAYOUT_APPROVALS_ITEM_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
