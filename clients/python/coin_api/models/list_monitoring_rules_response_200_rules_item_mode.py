from typing import Literal

ListMonitoringRulesResponse200RulesItemMode = Literal["ACTIVE", "DISABLED", "TEST"]

LIST_MONITORING_RULES_RESPONSE_200_RULES_ITEM_MODE_VALUES: set[
    ListMonitoringRulesResponse200RulesItemMode
] = {
    "ACTIVE",
    "DISABLED",
    "TEST",
}


def check_list_monitoring_rules_response_200_rules_item_mode(
    value: str,
) -> ListMonitoringRulesResponse200RulesItemMode:
    if value in LIST_MONITORING_RULES_RESPONSE_200_RULES_ITEM_MODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MONITORING_RULES_RESPONSE_200_RULES_ITEM_MODE_VALUES!r}"
    )
