from typing import Literal

ListMonitoringCasesResponse200CasesItemResolutionType0 = Literal[
    "CONFIRMED", "FALSE_POSITIVE"
]

LIST_MONITORING_CASES_RESPONSE_200_CASES_ITEM_RESOLUTION_TYPE_0_VALUES: set[
    ListMonitoringCasesResponse200CasesItemResolutionType0
] = {
    "CONFIRMED",
    "FALSE_POSITIVE",
}


def check_list_monitoring_cases_response_200_cases_item_resolution_type_0(
    value: str,
) -> ListMonitoringCasesResponse200CasesItemResolutionType0:
    if value in LIST_MONITORING_CASES_RESPONSE_200_CASES_ITEM_RESOLUTION_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_MONITORING_CASES_RESPONSE_200_CASES_ITEM_RESOLUTION_TYPE_0_VALUES!r}"
    )
