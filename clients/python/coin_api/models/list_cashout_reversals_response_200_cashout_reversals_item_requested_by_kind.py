from typing import Literal

ListCashoutReversalsResponse200CashoutReversalsItemRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

LIST_CASHOUT_REVERSALS_RESPONSE_200_CASHOUT_REVERSALS_ITEM_REQUESTED_BY_KIND_VALUES: set[
    ListCashoutReversalsResponse200CashoutReversalsItemRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_list_cashout_reversals_response_200_cashout_reversals_item_requested_by_kind(
    value: str,
) -> ListCashoutReversalsResponse200CashoutReversalsItemRequestedByKind:
    if (
        value
        in LIST_CASHOUT_REVERSALS_RESPONSE_200_CASHOUT_REVERSALS_ITEM_REQUESTED_BY_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CASHOUT_REVERSALS_RESPONSE_200_CASHOUT_REVERSALS_ITEM_REQUESTED_BY_KIND_VALUES!r}"
    )
