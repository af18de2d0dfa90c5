from typing import Literal

RejectMonitoringRuleProposalResponse200ProposalStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

REJECT_MONITORING_RULE_PROPOSAL_RESPONSE_200_PROPOSAL_STATUS_VALUES: set[
    RejectMonitoringRuleProposalResponse200ProposalStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_reject_monitoring_rule_proposal_response_200_proposal_status(
    value: str,
) -> RejectMonitoringRuleProposalResponse200ProposalStatus:
    if value in REJECT_MONITORING_RULE_PROPOSAL_RESPONSE_200_PROPOSAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_MONITORING_RULE_PROPOSAL_RESPONSE_200_PROPOSAL_STATUS_VALUES!r}"
    )
