from typing import Literal

GetMonitoringCaseResponse200CaseStatus = Literal["OPEN", "RESOLVED"]

GET_MONITORING_CASE_RESPONSE_200_CASE_STATUS_VALUES: set[
    GetMonitoringCaseResponse200CaseStatus
] = {
    "OPEN",
    "RESOLVED",
}


def check_get_monitoring_case_response_200_case_status(
    value: str,
) -> GetMonitoringCaseResponse200CaseStatus:
    if value in GET_MONITORING_CASE_RESPONSE_200_CASE_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_MONITORING_CASE_RESPONSE_200_CASE_STATUS_VALUES!r}"
    )
