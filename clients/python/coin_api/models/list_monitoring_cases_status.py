from typing import Literal

ListMonitoringCasesStatus = Literal["OPEN", "RESOLVED"]

LIST_MONITORING_CASES_STATUS_VALUES: set[ListMonitoringCasesStatus] = {
    "OPEN",
    "RESOLVED",
}


def check_list_monitoring_cases_status(value: str) -> ListMonitoringCasesStatus:
    if value in LIST_MONITORING_CASES_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MONITORING_CASES_STATUS_VALUES!r}"
    )
