from typing import Literal

BacktestMonitoringRuleBodyRuleMode = Literal["ACTIVE", "DISABLED", "TEST"]

BACKTEST_MONITORING_RULE_BODY_RULE_MODE_VALUES: set[
    BacktestMonitoringRuleBodyRuleMode
] = {
    "ACTIVE",
    "DISABLED",
    "TEST",
}


def check_backtest_monitoring_rule_body_rule_mode(
    value: str,
) -> BacktestMonitoringRuleBodyRuleMode:
    if value in BACKTEST_MONITORING_RULE_BODY_RULE_MODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {BACKTEST_MONITORING_RULE_BODY_RULE_MODE_VALUES!r}"
    )
