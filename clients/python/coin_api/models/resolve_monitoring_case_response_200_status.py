from typing import Literal

ResolveMonitoringCaseResponse200Status = Literal["OPEN", "RESOLVED"]

RESOLVE_MONITORING_CASE_RESPONSE_200_STATUS_VALUES: set[
    ResolveMonitoringCaseResponse200Status
] = {
    "OPEN",
    "RESOLVED",
}


def check_resolve_monitoring_case_response_200_status(
    value: str,
) -> ResolveMonitoringCaseResponse200Status:
    if value in RESOLVE_MONITORING_CASE_RESPONSE_200_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RESOLVE_MONITORING_CASE_RESPONSE_200_STATUS_VALUES!r}"
    )
