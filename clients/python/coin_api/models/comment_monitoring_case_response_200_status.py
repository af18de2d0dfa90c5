from typing import Literal

CommentMonitoringCaseResponse200Status = Literal["OPEN", "RESOLVED"]

COMMENT_MONITORING_CASE_RESPONSE_200_STATUS_VALUES: set[
    CommentMonitoringCaseResponse200Status
] = {
    "OPEN",
    "RESOLVED",
}


def check_comment_monitoring_case_response_200_status(
    value: str,
) -> CommentMonitoringCaseResponse200Status:
    if value in COMMENT_MONITORING_CASE_RESPONSE_200_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {COMMENT_MONITORING_CASE_RESPONSE_200_STATUS_VALUES!r}"
    )
