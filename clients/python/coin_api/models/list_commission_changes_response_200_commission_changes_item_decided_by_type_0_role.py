from typing import Literal

ListCommissionChangesResponse200CommissionChangesItemDecidedByType0Role = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

LIST_COMMISSION_CHANGES_RESPONSE_200_COMMISSION_CHANGES_ITEM_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    ListCommissionChangesResponse200CommissionChangesItemDecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_list_commission_changes_response_200_commission_changes_item_decided_by_type_0_role(
    value: str,
) -> ListCommissionChangesResponse200CommissionChangesItemDecidedByType0Role:
    if (
        value
        in LIST_COMMISSION_CHANGES_RESPONSE_200_COMMISSION_CHANGES_ITEM_DECIDED_BY_TYPE_0_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_COMMISSION_CHANGES_RESPONSE_200_COMMISSION_CHANGES_ITEM_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
