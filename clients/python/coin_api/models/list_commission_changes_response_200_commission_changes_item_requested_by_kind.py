from typing import Literal

ListCommissionChangesResponse200CommissionChangesItemRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

LIST_COMMISSION_CHANGES_RESPONSE_200_COMMISSION_CHANGES_ITEM_REQUESTED_BY_KIND_VALUES: set[
    ListCommissionChangesResponse200CommissionChangesItemRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_list_commission_changes_response_200_commission_changes_item_requested_by_kind(
    value: str,
) -> ListCommissionChangesResponse200CommissionChangesItemRequestedByKind:
    if (
        value
        in LIST_COMMISSION_CHANGES_RESPONSE_200_COMMISSION_CHANGES_ITEM_REQUESTED_BY_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_COMMISSION_CHANGES_RESPONSE_200_COMMISSION_CHANGES_ITEM_REQUESTED_BY_KIND_VALUES!r}"
    )
