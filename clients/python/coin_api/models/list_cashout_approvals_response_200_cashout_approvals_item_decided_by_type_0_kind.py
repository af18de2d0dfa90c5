from typing import Literal

ListCashoutApprovalsResponse200CashoutApprovalsItemDecidedByType0Kind = Literal[
    "operator", "service", "system", "user"
]

LIST_CASHOUT_APPROVALS_RESPONSE_200_CASHOUT_APPROVALS_ITEM_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    ListCashoutApprovalsResponse200CashoutApprovalsItemDecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_list_cashout_approvals_response_200_cashout_approvals_item_decided_by_type_0_kind(
    value: str,
) -> ListCashoutApprovalsResponse200CashoutApprovalsItemDecidedByType0Kind:
    if (
        value
        in LIST_CASHOUT_APPROVALS_RESPONSE_200_CASHOUT_APPROVALS_ITEM_DECIDED_BY_TYPE_0_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CASHOUT_APPROVALS_RESPONSE_200_CASHOUT_APPROVALS_ITEM_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
