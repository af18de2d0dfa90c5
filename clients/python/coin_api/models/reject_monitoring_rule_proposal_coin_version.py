from typing import Literal

RejectMonitoringRuleProposalCoinVersion = Literal["3.0.0", "3.1.0"]

REJECT_MONITORING_RULE_PROPOSAL_COIN_VERSION_VALUES: set[
    RejectMonitoringRuleProposalCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_reject_monitoring_rule_proposal_coin_version(
    value: str,
) -> RejectMonitoringRuleProposalCoinVersion:
    if value in REJECT_MONITORING_RULE_PROPOSAL_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_MONITORING_RULE_PROPOSAL_COIN_VERSION_VALUES!r}"
    )
