from typing import Literal

ListMonitoringCaseProposalsResponse200ProposalsItemStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

LIST_MONITORING_CASE_PROPOSALS_RESPONSE_200_PROPOSALS_ITEM_STATUS_VALUES: set[
    ListMonitoringCaseProposalsResponse200ProposalsItemStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_list_monitoring_case_proposals_response_200_proposals_item_status(
    value: str,
) -> ListMonitoringCaseProposalsResponse200ProposalsItemStatus:
    if (
        value
        in LIST_MONITORING_CASE_PROPOSALS_RESPONSE_200_PROPOSALS_ITEM_STATUS_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MONITORING_CASE_PROPOSALS_RESPONSE_200_PROPOSALS_ITEM_STATUS_VALUES!r}"
    )
