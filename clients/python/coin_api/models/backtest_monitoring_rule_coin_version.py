from typing import Literal

BacktestMonitoringRuleCoinVersion = Literal["3.0.0", "3.1.0"]

BACKTEST_MONITORING_RULE_COIN_VERSION_VALUES: set[BacktestMonitoringRuleCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_backtest_monitoring_rule_coin_version(
    value: str,
) -> BacktestMonitoringRuleCoinVersion:
    if value in BACKTEST_MONITORING_RULE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {BACKTEST_MONITORING_RULE_COIN_VERSION_VALUES!r}"
    )
