from typing import Literal

PutMonitoringRuleResponse202ProposalRuleMode = Literal["ACTIVE", "DISABLED", "TEST"]

PUT_MONITORING_RULE_RESPONSE_202_PROPOSAL_RULE_MODE_VALUES: set[
    PutMonitoringRuleResponse202ProposalRuleMode
] = {
    "ACTIVE",
    "DISABLED",
    "TEST",
}


def check_put_monitoring_rule_response_202_proposal_rule_mode(
    value: str,
) -> PutMonitoringRuleResponse202ProposalRuleMode:
    if value in PUT_MONITORING_RULE_RESPONSE_202_PROPOSAL_RULE_MODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PUT_MONITORING_RULE_RESPONSE_202_PROPOSAL_RULE_MODE_VALUES!r}"
    )
