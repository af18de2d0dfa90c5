from typing import Literal

ListCashoutApprovalsResponse200CashoutApprovalsItemStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

LIST_CASHOUT_APPROVALS_RESPONSE_200_CASHOUT_APPROVALS_ITEM_STATUS_VALUES: set[
    ListCashoutApprovalsResponse200CashoutApprovalsItemStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_list_cashout_approvals_response_200_cashout_approvals_item_status(
    value: str,
) -> ListCashoutApprovalsResponse200CashoutApprovalsItemStatus:
    if (
        value
        in LIST_CASHOUT_APPROVALS_RESPONSE_200_CASHOUT_APPROVALS_ITEM_STATUS_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CASHOUT_APPROVALS_RESPONSE_200_CASHOUT_APPROVALS_ITEM_STATUS_VALUES!r}"
    )
