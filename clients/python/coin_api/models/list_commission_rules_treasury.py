from typing import Literal

ListCommissionRulesTreasury = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

LIST_COMMISSION_RULES_TREASURY_VALUES: set[ListCommissionRulesTreasury] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_list_commission_rules_treasury(value: str) -> ListCommissionRulesTreasury:
    if value in LIST_COMMISSION_RULES_TREASURY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_COMMISSION_RULES_TREASURY_VALUES!r}"
    )
