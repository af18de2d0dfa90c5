from typing import Literal

ListCashoutApprovalsResponse200CashoutApprovalsItemDecidedByType0Role = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

LIST_CASHOUT_APPROVALS_RESPONSE_200_CASHOUT_APPROVALS_ITEM_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    ListCashoutApprovalsResponse200CashoutApprovalsItemDecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_list_cashout_approvals_response_200_cashout_approvals_item_decided_by_type_0_role(
    value: str,
) -> ListCashoutApprovalsResponse200CashoutApprovalsItemDecidedByType0Role:
    if (
        value
        in LIST_CASHOUT_APPROVALS_RESPONSE_200_CASHOUT_APPROVALS_ITEM_DECIDED_BY_TYPE_0_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CASHOUT_APPROVALS_RESPONSE_200_CASHOUT_APPROVALS_ITEM_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
