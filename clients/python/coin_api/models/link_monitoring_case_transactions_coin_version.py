from typing import Literal

LinkMonitoringCaseTransactionsCoinVersion = Literal["3.0.0", "3.1.0"]

LINK_MONITORING_CASE_TRANSACTIONS_COIN_VERSION_VALUES: set[
    LinkMonitoringCaseTransactionsCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_link_monitoring_case_transactions_coin_version(
    value: str,
) -> LinkMonitoringCaseTransactionsCoinVersion:
    if value in LINK_MONITORING_CASE_TRANSACTIONS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LINK_MONITORING_CASE_TRANSACTIONS_COIN_VERSION_VALUES!r}"
    )
