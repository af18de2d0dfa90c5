from typing import Literal

ListPayoutApprovalsResponse200PayoutApprovalsItemDecidedByType0Role = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

LIST_PAYOUT_APPROVALS_RESPONSE_200_PAYOUT_APPROVALS_ITEM_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    ListPayoutApprovalsResponse200PayoutApprovalsItemDecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_list_payout_approvals_response_200_payout_approvals_item_decided_by_type_0_role(
    value: str,
) -> ListPayoutApprovalsResponse200PayoutApprovalsItemDecidedByType0Role:
    if (
        value
        in LIST_PAYOUT_APPROVALS_RESPONSE_200_PAYOUT_APPROVALS_ITEM_DECIDED_BY_TYPE_0_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_PAYOUT_APPROVALS_RESPONSE_200_PAYOUT_APPROVALS_ITEM_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
