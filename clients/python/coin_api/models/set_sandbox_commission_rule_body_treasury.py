from typing import Literal

SetSandboxCommissionRuleBodyTreasury = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

SET_SANDBOX_COMMISSION_RULE_BODY_TREASURY_VALUES: set[
    SetSandboxCommissionRuleBodyTreasury
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_set_sandbox_commission_rule_body_treasury(
    value: str,
) -> SetSandboxCommissionRuleBodyTreasury:
    if value in SET_SANDBOX_COMMISSION_RULE_BODY_TREASURY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SET_SANDBOX_COMMISSION_RULE_BODY_TREASURY_VALUES!r}"
    )
