from typing import Literal

SetCommissionRuleBodyTreasury = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

SET_COMMISSION_RULE_BODY_TREASURY_VALUES: set[SetCommissionRuleBodyTreasury] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_set_commission_rule_body_treasury(
    value: str,
) -> SetCommissionRuleBodyTreasury:
    if value in SET_COMMISSION_RULE_BODY_TREASURY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SET_COMMISSION_RULE_BODY_TREASURY_VALUES!r}"
    )
