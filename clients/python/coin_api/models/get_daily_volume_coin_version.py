from typing import Literal

GetDailyVolumeCoinVersion = Literal["3.0.0", "3.1.0"]

GET_DAILY_VOLUME_COIN_VERSION_VALUES: set[GetDailyVolumeCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_daily_volume_coin_version(value: str) -> GetDailyVolumeCoinVersion:
    if value in GET_DAILY_VOLUME_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_DAILY_VOLUME_COIN_VERSION_VALUES!r}"
    )
