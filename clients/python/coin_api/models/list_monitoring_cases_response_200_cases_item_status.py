from typing import Literal

ListMonitoringCasesResponse200CasesItemStatus = Literal["OPEN", "RESOLVED"]

LIST_MONITORING_CASES_RESPONSE_200_CASES_ITEM_STATUS_VALUES: set[
    ListMonitoringCasesResponse200CasesItemStatus
] = {
    "OPEN",
    "RESOLVED",
}


def check_list_monitoring_cases_response_200_cases_item_status(
    value: str,
) -> ListMonitoringCasesResponse200CasesItemStatus:
    if value in LIST_MONITORING_CASES_RESPONSE_200_CASES_ITEM_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MONITORING_CASES_RESPONSE_200_CASES_ITEM_STATUS_VALUES!r}"
    )
