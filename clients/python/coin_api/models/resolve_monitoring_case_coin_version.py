from typing import Literal

ResolveMonitoringCaseCoinVersion = Literal["3.0.0", "3.1.0"]

RESOLVE_MONITORING_CASE_COIN_VERSION_VALUES: set[ResolveMonitoringCaseCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_resolve_monitoring_case_coin_version(
    value: str,
) -> ResolveMonitoringCaseCoinVersion:
    if value in RESOLVE_MONITORING_CASE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RESOLVE_MONITORING_CASE_COIN_VERSION_VALUES!r}"
    )
