from typing import Literal

GetMonitoringCaseResponse200CaseResolutionType0 = Literal["CONFIRMED", "FALSE_POSITIVE"]

GET_MONITORING_CASE_RESPONSE_200_CASE_RESOLUTION_TYPE_0_VALUES: set[
    GetMonitoringCaseResponse200CaseResolutionType0
] = {
    "CONFIRMED",
    "FALSE_POSITIVE",
}


def check_get_monitoring_case_response_200_case_resolution_type_0(
    value: str,
) -> GetMonitoringCaseResponse200CaseResolutionType0:
    if value in GET_MONITORING_CASE_RESPONSE_200_CASE_RESOLUTION_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_MONITORING_CASE_RESPONSE_200_CASE_RESOLUTION_TYPE_0_VALUES!r}"
    )
