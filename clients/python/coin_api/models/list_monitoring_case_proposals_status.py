from typing import Literal

ListMonitoringCaseProposalsStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

LIST_MONITORING_CASE_PROPOSALS_STATUS_VALUES: set[ListMonitoringCaseProposalsStatus] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_list_monitoring_case_proposals_status(
    value: str,
) -> ListMonitoringCaseProposalsStatus:
    if value in LIST_MONITORING_CASE_PROPOSALS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MONITORING_CASE_PROPOSALS_STATUS_VALUES!r}"
    )
