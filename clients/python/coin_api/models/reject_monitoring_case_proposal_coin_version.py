from typing import Literal

RejectMonitoringCaseProposalCoinVersion = Literal["3.0.0", "3.1.0"]

REJECT_MONITORING_CASE_PROPOSAL_COIN_VERSION_VALUES: set[
    RejectMonitoringCaseProposalCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_reject_monitoring_case_proposal_coin_version(
    value: str,
) -> RejectMonitoringCaseProposalCoinVersion:
    if value in REJECT_MONITORING_CASE_PROPOSAL_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_MONITORING_CASE_PROPOSAL_COIN_VERSION_VALUES!r}"
    )
