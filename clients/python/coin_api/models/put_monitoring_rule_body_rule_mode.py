from typing import Literal

PutMonitoringRuleBodyRuleMode = Literal["ACTIVE", "DISABLED", "TEST"]

PUT_MONITORING_RULE_BODY_RULE_MODE_VALUES: set[PutMonitoringRuleBodyRuleMode] = {
    "ACTIVE",
    "DISABLED",
    "TEST",
}


def check_put_monitoring_rule_body_rule_mode(
    value: str,
) -> PutMonitoringRuleBodyRuleMode:
    if value in PUT_MONITORING_RULE_BODY_RULE_MODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PUT_MONITORING_RULE_BODY_RULE_MODE_VALUES!r}"
    )
