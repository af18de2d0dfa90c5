from typing import Literal

ListCashoutApprovalsResponse200CashoutApprovalsItemRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

LIST_CASHOUT_APPROVALS_RESPONSE_200_CASHOUT_APPROVALS_ITEM_REQUESTED_BY_ROLE_VALUES: set[
    ListCashoutApprovalsResponse200CashoutApprovalsItemRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_list_cashout_approvals_response_200_cashout_approvals_item_requested_by_role(
    value: str,
) -> ListCashoutApprovalsResponse200CashoutApprovalsItemRequestedByRole:
    if (
        value
        in LIST_CASHOUT_APPROVALS_RESPONSE_200_CASHOUT_APPROVALS_ITEM_REQUESTED_BY_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CASHOUT_APPROVALS_RESPONSE_200_CASHOUT_APPROVALS_ITEM_REQUESTED_BY_ROLE_VALUES!r}"
    )
