from typing import Literal

ListMonitoringCaseProposalsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_MONITORING_CASE_PROPOSALS_COIN_VERSION_VALUES: set[
    ListMonitoringCaseProposalsCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_list_monitoring_case_proposals_coin_version(
    value: str,
) -> ListMonitoringCaseProposalsCoinVersion:
    if value in LIST_MONITORING_CASE_PROPOSALS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MONITORING_CASE_PROPOSALS_COIN_VERSION_VALUES!r}"
    )
