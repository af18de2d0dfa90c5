from typing import Literal

AssignMonitoringCaseCoinVersion = Literal["3.0.0", "3.1.0"]

ASSIGN_MONITORING_CASE_COIN_VERSION_VALUES: set[AssignMonitoringCaseCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_assign_monitoring_case_coin_version(
    value: str,
) -> AssignMonitoringCaseCoinVersion:
    if value in ASSIGN_MONITORING_CASE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ASSIGN_MONITORING_CASE_COIN_VERSION_VALUES!r}"
    )
