from typing import Literal

ListCommissionChangesResponse200CommissionChangesItemStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

LIST_COMMISSION_CHANGES_RESPONSE_200_COMMISSION_CHANGES_ITEM_STATUS_VALUES: set[
    ListCommissionChangesResponse200CommissionChangesItemStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_list_commission_changes_response_200_commission_changes_item_status(
    value: str,
) -> ListCommissionChangesResponse200CommissionChangesItemStatus:
    if (
        value
        in LIST_COMMISSION_CHANGES_RESPONSE_200_COMMISSION_CHANGES_ITEM_STATUS_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_COMMISSION_CHANGES_RESPONSE_200_COMMISSION_CHANGES_ITEM_STATUS_VALUES!r}"
    )
