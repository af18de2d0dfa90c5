from typing import Literal

LinkMonitoringCaseTransactionsResponse200Status = Literal["OPEN", "RESOLVED"]

LINK_MONITORING_CASE_TRANSACTIONS_RESPONSE_200_STATUS_VALUES: set[
    LinkMonitoringCaseTransactionsResponse200Status
] = {
    "OPEN",
    "RESOLVED",
}


def check_link_monitoring_case_transactions_response_200_status(
    value: str,
) -> LinkMonitoringCaseTransactionsResponse200Status:
    if value in LINK_MONITORING_CASE_TRANSACTIONS_RESPONSE_200_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LINK_MONITORING_CASE_TRANSACTIONS_RESPONSE_200_STATUS_VALUES!r}"
    )
