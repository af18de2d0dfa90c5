from typing import Literal

SetSandboxCommissionRuleResponse200RuleType0Type0Kind = Literal["bps"]

SET_SANDBOX_COMMISSION_RULE_RESPONSE_200_RULE_TYPE_0_TYPE_0_KIND_VALUES: set[
    SetSandboxCommissionRuleResponse200RuleType0Type0Kind
] = {
    "bps",
}


def check_set_sandbox_commission_rule_response_200_rule_type_0_type_0_kind(
    value: str,
) -> SetSandboxCommissionRuleResponse200RuleType0Type0Kind:
    if value in SET_SANDBOX_COMMISSION_RULE_RESPONSE_200_RULE_TYPE_0_TYPE_0_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SET_SANDBOX_COMMISSION_RULE_RESPONSE_200_RULE_TYPE_0_TYPE_0_KIND_VALUES!r}"
    )
