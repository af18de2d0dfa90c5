from typing import Literal

ResolveMonitoringCaseBodyResolution = Literal["CONFIRMED", "FALSE_POSITIVE"]

RESOLVE_MONITORING_CASE_BODY_RESOLUTION_VALUES: set[
    ResolveMonitoringCaseBodyResolution
] = {
    "CONFIRMED",
    "FALSE_POSITIVE",
}


def check_resolve_monitoring_case_body_resolution(
    value: str,
) -> ResolveMonitoringCaseBodyResolution:
    if value in RESOLVE_MONITORING_CASE_BODY_RESOLUTION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RESOLVE_MONITORING_CASE_BODY_RESOLUTION_VALUES!r}"
    )
