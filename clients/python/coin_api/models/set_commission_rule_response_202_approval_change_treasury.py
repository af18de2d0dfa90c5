from typing import Literal

SetCommissionRuleResponse202ApprovalChangeTreasury = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

SET_COMMISSION_RULE_RESPONSE_202_APPROVAL_CHANGE_TREASURY_VALUES: set[
    SetCommissionRuleResponse202ApprovalChangeTreasury
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_set_commission_rule_response_202_approval_change_treasury(
    value: str,
) -> SetCommissionRuleResponse202ApprovalChangeTreasury:
    if value in SET_COMMISSION_RULE_RESPONSE_202_APPROVAL_CHANGE_TREASURY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SET_COMMISSION_RULE_RESPONSE_202_APPROVAL_CHANGE_TREASURY_VALUES!r}"
    )
