from typing import Literal

AssignMonitoringCaseResponse200Status = Literal["OPEN", "RESOLVED"]

ASSIGN_MONITORING_CASE_RESPONSE_200_STATUS_VALUES: set[
    AssignMonitoringCaseResponse200Status
] = {
    "OPEN",
    "RESOLVED",
}


def check_assign_monitoring_case_response_200_status(
    value: str,
) -> AssignMonitoringCaseResponse200Status:
    if value in ASSIGN_MONITORING_CASE_RESPONSE_200_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ASSIGN_MONITORING_CASE_RESPONSE_200_STATUS_VALUES!r}"
    )
