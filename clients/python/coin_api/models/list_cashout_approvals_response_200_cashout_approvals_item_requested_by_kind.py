from typing import Literal

ListCashoutApprovalsResponse200CashoutApprovalsItemRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

LIST_CASHOUT_APPROVALS_RESPONSE_200_CASHOUT_APPROVALS_ITEM_REQUESTED_BY_KIND_VALUES: set[
    ListCashoutApprovalsResponse200CashoutApprovalsItemRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_list_cashout_approvals_response_200_cashout_approvals_item_requested_by_kind(
    value: str,
) -> ListCashoutApprovalsResponse200CashoutApprovalsItemRequestedByKind:
    if (
        value
        in LIST_CASHOUT_APPROVALS_RESPONSE_200_CASHOUT_APPROVALS_ITEM_REQUESTED_BY_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CASHOUT_APPROVALS_RESPONSE_200_CASHOUT_APPROVALS_ITEM_REQUESTED_BY_KIND_VALUES!r}"
    )
