from typing import Literal

GetMonitoringCaseCoinVersion = Literal["3.0.0", "3.1.0"]

GET_MONITORING_CASE_COIN_VERSION_VALUES: set[GetMonitoringCaseCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_monitoring_case_coin_version(value: str) -> GetMonitoringCaseCoinVersion:
    if value in GET_MONITORING_CASE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_MONITORING_CASE_COIN_VERSION_VALUES!r}"
    )
