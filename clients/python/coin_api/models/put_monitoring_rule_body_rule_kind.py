from typing import Literal

PutMonitoringRuleBodyRuleKind = Literal[
    "circular",
    "client-baseline",
    "dormancy",
    "fan-in",
    "fan-out",
    "first-day",
    "structuring",
    "velocity",
]

PUT_MONITORING_RULE_BODY_RULE_KIND_VALUES: set[PutMonitoringRuleBodyRuleKind] = {
    "circular",
    "client-baseline",
    "dormancy",
    "fan-in",
    "fan-out",
    "first-day",
    "structuring",
    "velocity",
}


def check_put_monitoring_rule_body_rule_kind(
    value: str,
) -> PutMonitoringRuleBodyRuleKind:
    if value in PUT_MONITORING_RULE_BODY_RULE_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PUT_MONITORING_RULE_BODY_RULE_KIND_VALUES!r}"
    )
