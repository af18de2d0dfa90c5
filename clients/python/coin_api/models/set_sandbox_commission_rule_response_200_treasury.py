from typing import Literal

SetSandboxCommissionRuleResponse200Treasury = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

SET_SANDBOX_COMMISSION_RULE_RESPONSE_200_TREASURY_VALUES: set[
    SetSandboxCommissionRuleResponse200Treasury
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_set_sandbox_commission_rule_response_200_treasury(
    value: str,
) -> SetSandboxCommissionRuleResponse200Treasury:
    if value in SET_SANDBOX_COMMISSION_RULE_RESPONSE_200_TREASURY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SET_SANDBOX_COMMISSION_RULE_RESPONSE_200_TREASURY_VALUES!r}"
    )
