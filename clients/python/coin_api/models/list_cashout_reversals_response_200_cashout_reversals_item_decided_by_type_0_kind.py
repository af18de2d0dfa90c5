from typing import Literal

ListCashoutReversalsResponse200CashoutReversalsItemDecidedByType0Kind = Literal[
    "operator", "service", "system", "user"
]

LIST_CASHOUT_REVERSALS_RESPONSE_200_CASHOUT_REVERSALS_ITEM_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    ListCashoutReversalsResponse200CashoutReversalsItemDecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_list_cashout_reversals_response_200_cashout_reversals_item_decided_by_type_0_kind(
    value: str,
) -> ListCashoutReversalsResponse200CashoutReversalsItemDecidedByType0Kind:
    if (
        value
        in LIST_CASHOUT_REVERSALS_RESPONSE_200_CASHOUT_REVERSALS_ITEM_DECIDED_BY_TYPE_0_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CASHOUT_REVERSALS_RESPONSE_200_CASHOUT_REVERSALS_ITEM_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
