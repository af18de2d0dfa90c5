from typing import Literal

PutMonitoringRuleResponse200RulesItemMode = Literal["ACTIVE", "DISABLED", "TEST"]

PUT_MONITORING_RULE_RESPONSE_200_RULES_ITEM_MODE_VALUES: set[
    PutMonitoringRuleResponse200RulesItemMode
] = {
    "ACTIVE",
    "DISABLED",
    "TEST",
}


def check_put_monitoring_rule_response_200_rules_item_mode(
    value: str,
) -> PutMonitoringRuleResponse200RulesItemMode:
    if value in PUT_MONITORING_RULE_RESPONSE_200_RULES_ITEM_MODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PUT_MONITORING_RULE_RESPONSE_200_RULES_ITEM_MODE_VALUES!r}"
    )
