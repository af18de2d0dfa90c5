from typing import Literal

AssignMonitoringCaseResponse200ResolutionType0 = Literal["CONFIRMED", "FALSE_POSITIVE"]

ASSIGN_MONITORING_CASE_RESPONSE_200_RESOLUTION_TYPE_0_VALUES: set[
    AssignMonitoringCaseResponse200ResolutionType0
] = {
    "CONFIRMED",
    "FALSE_POSITIVE",
}


def check_assign_monitoring_case_response_200_resolution_type_0(
    value: str,
) -> AssignMonitoringCaseResponse200ResolutionType0:
    if value in ASSIGN_MONITORING_CASE_RESPONSE_200_RESOLUTION_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ASSIGN_MONITORING_CASE_RESPONSE_200_RESOLUTION_TYPE_0_VALUES!r}"
    )
