from typing import Literal

ListCommissionChangesResponse200CommissionChangesItemDecidedByType0Kind = Literal[
    "operator", "service", "system", "user"
]

LIST_COMMISSION_CHANGES_RESPONSE_200_COMMISSION_CHANGES_ITEM_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    ListCommissionChangesResponse200CommissionChangesItemDecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_list_commission_changes_response_200_commission_changes_item_decided_by_type_0_kind(
    value: str,
) -> ListCommissionChangesResponse200CommissionChangesItemDecidedByType0Kind:
    if (
        value
        in LIST_COMMISSION_CHANGES_RESPONSE_200_COMMISSION_CHANGES_ITEM_DECIDED_BY_TYPE_0_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_COMMISSION_CHANGES_RESPONSE_200_COMMISSION_CHANGES_ITEM_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
