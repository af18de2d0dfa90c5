from typing import Literal

ListMonitoringRuleProposalsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_MONITORING_RULE_PROPOSALS_COIN_VERSION_VALUES: set[
    ListMonitoringRuleProposalsCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_list_monitoring_rule_proposals_coin_version(
    value: str,
) -> ListMonitoringRuleProposalsCoinVersion:
    if value in LIST_MONITORING_RULE_PROPOSALS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MONITORING_RULE_PROPOSALS_COIN_VERSION_VALUES!r}"
    )
