from typing import Literal

ListCashoutReversalsResponse200CashoutReversalsItemDecidedByType0Role = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

LIST_CASHOUT_REVERSALS_RESPONSE_200_CASHOUT_REVERSALS_ITEM_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    ListCashoutReversalsResponse200CashoutReversalsItemDecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_list_cashout_reversals_response_200_cashout_reversals_item_decided_by_type_0_role(
    value: str,
) -> ListCashoutReversalsResponse200CashoutReversalsItemDecidedByType0Role:
    if (
        value
        in LIST_CASHOUT_REVERSALS_RESPONSE_200_CASHOUT_REVERSALS_ITEM_DECIDED_BY_TYPE_0_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CASHOUT_REVERSALS_RESPONSE_200_CASHOUT_REVERSALS_ITEM_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
