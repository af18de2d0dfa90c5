from typing import Literal

ListMonitoringCasesCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_MONITORING_CASES_COIN_VERSION_VALUES: set[ListMonitoringCasesCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_monitoring_cases_coin_version(
    value: str,
) -> ListMonitoringCasesCoinVersion:
    if value in LIST_MONITORING_CASES_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MONITORING_CASES_COIN_VERSION_VALUES!r}"
    )
