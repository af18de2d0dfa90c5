from typing import Literal

ResolveMonitoringCaseResponse200ResolutionType0 = Literal["CONFIRMED", "FALSE_POSITIVE"]

RESOLVE_MONITORING_CASE_RESPONSE_200_RESOLUTION_TYPE_0_VALUES: set[
    ResolveMonitoringCaseResponse200ResolutionType0
] = {
    "CONFIRMED",
    "FALSE_POSITIVE",
}


def check_resolve_monitoring_case_response_200_resolution_type_0(
    value: str,
) -> ResolveMonitoringCaseResponse200ResolutionType0:
    if value in RESOLVE_MONITORING_CASE_RESPONSE_200_RESOLUTION_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RESOLVE_MONITORING_CASE_RESPONSE_200_RESOLUTION_TYPE_0_VALUES!r}"
    )
