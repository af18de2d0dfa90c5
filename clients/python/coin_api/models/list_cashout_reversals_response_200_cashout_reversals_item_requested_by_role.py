from typing import Literal

ListCashoutReversalsResponse200CashoutReversalsItemRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

LIST_CASHOUT_REVERSALS_RESPONSE_200_CASHOUT_REVERSALS_ITEM_REQUESTED_BY_ROLE_VALUES: set[
    ListCashoutReversalsResponse200CashoutReversalsItemRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_list_cashout_reversals_response_200_cashout_reversals_item_requested_by_role(
    value: str,
) -> ListCashoutReversalsResponse200CashoutReversalsItemRequestedByRole:
    if (
        value
        in LIST_CASHOUT_REVERSALS_RESPONSE_200_CASHOUT_REVERSALS_ITEM_REQUESTED_BY_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CASHOUT_REVERSALS_RESPONSE_200_CASHOUT_REVERSALS_ITEM_REQUESTED_BY_ROLE_VALUES!r}"
    )
