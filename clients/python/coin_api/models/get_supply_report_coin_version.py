from typing import Literal

GetSupplyReportCoinVersion = Literal["3.0.0", "3.1.0"]

GET_SUPPLY_REPORT_COIN_VERSION_VALUES: set[GetSupplyReportCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_supply_report_coin_version(value: str) -> GetSupplyReportCoinVersion:
    if value in GET_SUPPLY_REPORT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_SUPPLY_REPORT_COIN_VERSION_VALUES!r}"
    )
