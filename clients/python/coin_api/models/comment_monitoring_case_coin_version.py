from typing import Literal

CommentMonitoringCaseCoinVersion = Literal["3.0.0", "3.1.0"]

COMMENT_MONITORING_CASE_COIN_VERSION_VALUES: set[CommentMonitoringCaseCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_comment_monitoring_case_coin_version(
    value: str,
) -> CommentMonitoringCaseCoinVersion:
    if value in COMMENT_MONITORING_CASE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {COMMENT_MONITORING_CASE_COIN_VERSION_VALUES!r}"
    )
