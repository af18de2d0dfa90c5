from typing import Literal

ListCommissionRulesResponse200RulesItemTreasury = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

LIST_COMMISSION_RULES_RESPONSE_200_RULES_ITEM_TREASURY_VALUES: set[
    ListCommissionRulesResponse200RulesItemTreasury
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_list_commission_rules_response_200_rules_item_treasury(
    value: str,
) -> ListCommissionRulesResponse200RulesItemTreasury:
    if value in LIST_COMMISSION_RULES_RESPONSE_200_RULES_ITEM_TREASURY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_COMMISSION_RULES_RESPONSE_200_RULES_ITEM_TREASURY_VALUES!r}"
    )
