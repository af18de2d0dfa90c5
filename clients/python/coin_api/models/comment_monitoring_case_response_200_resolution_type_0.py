from typing import Literal

CommentMonitoringCaseResponse200ResolutionType0 = Literal["CONFIRMED", "FALSE_POSITIVE"]

COMMENT_MONITORING_CASE_RESPONSE_200_RESOLUTION_TYPE_0_VALUES: set[
    CommentMonitoringCaseResponse200ResolutionType0
] = {
    "CONFIRMED",
    "FALSE_POSITIVE",
}


def check_comment_monitoring_case_response_200_resolution_type_0(
    value: str,
) -> CommentMonitoringCaseResponse200ResolutionType0:
    if value in COMMENT_MONITORING_CASE_RESPONSE_200_RESOLUTION_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {COMMENT_MONITORING_CASE_RESPONSE_200_RESOLUTION_TYPE_0_VALUES!r}"
    )
