from typing import Literal

ListMonitoringRulesCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_MONITORING_RULES_COIN_VERSION_VALUES: set[ListMonitoringRulesCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_monitoring_rules_coin_version(
    value: str,
) -> ListMonitoringRulesCoinVersion:
    if value in LIST_MONITORING_RULES_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MONITORING_RULES_COIN_VERSION_VALUES!r}"
    )
