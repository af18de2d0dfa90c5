from typing import Literal

PutMonitoringRuleCoinVersion = Literal["3.0.0", "3.1.0"]

PUT_MONITORING_RULE_COIN_VERSION_VALUES: set[PutMonitoringRuleCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_put_monitoring_rule_coin_version(value: str) -> PutMonitoringRuleCoinVersion:
    if value in PUT_MONITORING_RULE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PUT_MONITORING_RULE_COIN_VERSION_VALUES!r}"
    )
