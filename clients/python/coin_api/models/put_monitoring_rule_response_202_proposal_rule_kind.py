from typing import Literal

PutMonitoringRuleResponse202ProposalRuleKind = Literal[
    "circular",
    "client-baseline",
    "dormancy",
    "fan-in",
    "fan-out",
    "first-day",
    "structuring",
    "velocity",
]

PUT_MONITORING_RULE_RESPONSE_202_PROPOSAL_RULE_KIND_VALUES: set[
    PutMonitoringRuleResponse202ProposalRuleKind
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


def check_put_monitoring_rule_response_202_proposal_rule_kind(
    value: str,
) -> PutMonitoringRuleResponse202ProposalRuleKind:
    if value in PUT_MONITORING_RULE_RESPONSE_202_PROPOSAL_RULE_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PUT_MONITORING_RULE_RESPONSE_202_PROPOSAL_RULE_KIND_VALUES!r}"
    )
