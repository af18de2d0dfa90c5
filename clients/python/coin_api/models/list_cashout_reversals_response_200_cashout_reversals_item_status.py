from typing import Literal

ListCashoutReversalsResponse200CashoutReversalsItemStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

LIST_CASHOUT_REVERSALS_RESPONSE_200_CASHOUT_REVERSALS_ITEM_STATUS_VALUES: set[
    ListCashoutReversalsResponse200CashoutReversalsItemStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_list_cashout_reversals_response_200_cashout_reversals_item_status(
    value: str,
) -> ListCashoutReversalsResponse200CashoutReversalsItemStatus:
    if (
        value
        in LIST_CASHOUT_REVERSALS_RESPONSE_200_CASHOUT_REVERSALS_ITEM_STATUS_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CASHOUT_REVERSALS_RESPONSE_200_CASHOUT_REVERSALS_ITEM_STATUS_VALUES!r}"
    )
