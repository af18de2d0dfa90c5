from typing import Literal

ListCommissionChangesResponse200CommissionChangesItemChangeTreasury = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

LIST_COMMISSION_CHANGES_RESPONSE_200_COMMISSION_CHANGES_ITEM_CHANGE_TREASURY_VALUES: set[
    ListCommissionChangesResponse200CommissionChangesItemChangeTreasury
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_list_commission_changes_response_200_commission_changes_item_change_treasury(
    value: str,
) -> ListCommissionChangesResponse200CommissionChangesItemChangeTreasury:
    if (
        value
        in LIST_COMMISSION_CHANGES_RESPONSE_200_COMMISSION_CHANGES_ITEM_CHANGE_TREASURY_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_COMMISSION_CHANGES_RESPONSE_200_COMMISSION_CHANGES_ITEM_CHANGE_TREASURY_VALUES!r}"
    )
