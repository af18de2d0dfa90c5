from typing import Literal

LinkMonitoringCaseTransactionsResponse200ResolutionType0 = Literal[
    "CONFIRMED", "FALSE_POSITIVE"
]

LINK_MONITORING_CASE_TRANSACTIONS_RESPONSE_200_RESOLUTION_TYPE_0_VALUES: set[
    LinkMonitoringCaseTransactionsResponse200ResolutionType0
] = {
    "CONFIRMED",
    "FALSE_POSITIVE",
}


def check_link_monitoring_case_transactions_response_200_resolution_type_0(
    value: str,
) -> LinkMonitoringCaseTransactionsResponse200ResolutionType0:
    if value in LINK_MONITORING_CASE_TRANSACTIONS_RESPONSE_200_RESOLUTION_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LINK_MONITORING_CASE_TRANSACTIONS_RESPONSE_200_RESOLUTION_TYPE_0_VALUES!r}"
    )
