from typing import Literal

ListCommissionChangesResponse200CommissionChangesItemRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

LIST_COMMISSION_CHANGES_RESPONSE_200_COMMISSION_CHANGES_ITEM_REQUESTED_BY_ROLE_VALUES: set[
    ListCommissionChangesResponse200CommissionChangesItemRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_list_commission_changes_response_200_commission_changes_item_requested_by_role(
    value: str,
) -> ListCommissionChangesResponse200CommissionChangesItemRequestedByRole:
    if (
        value
        in LIST_COMMISSION_CHANGES_RESPONSE_200_COMMISSION_CHANGES_ITEM_REQUESTED_BY_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_COMMISSION_CHANGES_RESPONSE_200_COMMISSION_CHANGES_ITEM_REQUESTED_BY_ROLE_VALUES!r}"
    )
