from typing import Literal

BacktestMonitoringRuleBodyRuleKind = Literal[
    "circular",
    "client-baseline",
    "dormancy",
    "fan-in",
    "fan-out",
    "first-day",
    "structuring",
    "velocity",
]

BACKTEST_MONITORING_RULE_BODY_RULE_KIND_VALUES: set[
    BacktestMonitoringRuleBodyRuleKind
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


def check_backtest_monitoring_rule_body_rule_kind(
    value: str,
) -> BacktestMonitoringRuleBodyRuleKind:
    if value in BACKTEST_MONITORING_RULE_BODY_RULE_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {BACKTEST_MONITORING_RULE_BODY_RULE_KIND_VALUES!r}"
    )
