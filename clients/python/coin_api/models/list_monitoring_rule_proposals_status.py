from typing import Literal

ListMonitoringRuleProposalsStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

LIST_MONITORING_RULE_PROPOSALS_STATUS_VALUES: set[ListMonitoringRuleProposalsStatus] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_list_monitoring_rule_proposals_status(
    value: str,
) -> ListMonitoringRuleProposalsStatus:
    if value in LIST_MONITORING_RULE_PROPOSALS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MONITORING_RULE_PROPOSALS_STATUS_VALUES!r}"
    )
