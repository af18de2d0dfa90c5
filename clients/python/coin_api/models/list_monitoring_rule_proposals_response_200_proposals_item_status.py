from typing import Literal

ListMonitoringRuleProposalsResponse200ProposalsItemStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

LIST_MONITORING_RULE_PROPOSALS_RESPONSE_200_PROPOSALS_ITEM_STATUS_VALUES: set[
    ListMonitoringRuleProposalsResponse200ProposalsItemStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_list_monitoring_rule_proposals_response_200_proposals_item_status(
    value: str,
) -> ListMonitoringRuleProposalsResponse200ProposalsItemStatus:
    if (
        value
        in LIST_MONITORING_RULE_PROPOSALS_RESPONSE_200_PROPOSALS_ITEM_STATUS_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MONITORING_RULE_PROPOSALS_RESPONSE_200_PROPOSALS_ITEM_STATUS_VALUES!r}"
    )
