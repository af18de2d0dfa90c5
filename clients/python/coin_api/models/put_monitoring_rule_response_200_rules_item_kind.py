from typing import Literal

PutMonitoringRuleResponse200RulesItemKind = Literal[
    "circular",
    "client-baseline",
    "dormancy",
    "fan-in",
    "fan-out",
    "first-day",
    "structuring",
    "velocity",
]

PUT_MONITORING_RULE_RESPONSE_200_RULES_ITEM_KIND_VALUES: set[
    PutMonitoringRuleResponse200RulesItemKind
] = {
    "circular",
    "client-baseline",
    "dormancy",
    "fan-in",
    "fan-out",
    "first-day",
    "structuring",
    "velocity",
}


def check_put_monitoring_rule_response_200_rules_item_kind(
    value: str,
) -> PutMonitoringRuleResponse200RulesItemKind:
    if value in PUT_MONITORING_RULE_RESPONSE_200_RULES_ITEM_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PUT_MONITORING_RULE_RESPONSE_200_RULES_ITEM_KIND_VALUES!r}"
    )
