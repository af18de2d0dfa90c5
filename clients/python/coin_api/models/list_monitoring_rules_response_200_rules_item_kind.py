from typing import Literal

ListMonitoringRulesResponse200RulesItemKind = Literal[
    "circular",
    "client-baseline",
    "dormancy",
    "fan-in",
    "fan-out",
    "first-day",
    "structuring",
    "velocity",
]

LIST_MONITORING_RULES_RESPONSE_200_RULES_ITEM_KIND_VALUES: set[
    ListMonitoringRulesResponse200RulesItemKind
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


def check_list_monitoring_rules_response_200_rules_item_kind(
    value: str,
) -> ListMonitoringRulesResponse200RulesItemKind:
    if value in LIST_MONITORING_RULES_RESPONSE_200_RULES_ITEM_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MONITORING_RULES_RESPONSE_200_RULES_ITEM_KIND_VALUES!r}"
    )
