from typing import Literal

ListPayoutApprovalsResponse200PayoutApprovalsItemRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

LIST_PAYOUT_APPROVALS_RESPONSE_200_PAYOUT_APPROVALS_ITEM_REQUESTED_BY_ROLE_VALUES: set[
    ListPayoutApprovalsResponse200PayoutApprovalsItemRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_list_payout_approvals_response_200_payout_approvals_item_requested_by_role(
    value: str,
) -> ListPayoutApprovalsResponse200PayoutApprovalsItemRequestedByRole:
    if (
        value
        in LIST_PAYOUT_APPROVALS_RESPONSE_200_PAYOUT_APPROVALS_ITEM_REQUESTED_BY_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_PAYOUT_APPROVALS_RESPONSE_200_PAYOUT_APPROVALS_ITEM_REQUESTED_BY_ROLE_VALUES!r}"
    )
