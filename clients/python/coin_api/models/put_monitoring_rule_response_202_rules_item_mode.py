from typing import Literal

PutMonitoringRuleResponse202RulesItemMode = Literal["ACTIVE", "DISABLED", "TEST"]

PUT_MONITORING_RULE_RESPONSE_202_RULES_ITEM_MODE_VALUES: set[
    PutMonitoringRuleResponse202RulesItemMode
] = {
    "ACTIVE",
    "DISABLED",
    "TEST",
}


def check_put_monitoring_rule_response_202_rules_item_mode(
    value: str,
) -> PutMonitoringRuleResponse202RulesItemMode:
    if value in PUT_MONITORING_RULE_RESPONSE_202_RULES_ITEM_MODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PUT_MONITORING_RULE_RESPONSE_202_RULES_ITEM_MODE_VALUES!r}"
    )
