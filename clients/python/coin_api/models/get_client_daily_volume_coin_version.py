from typing import Literal

GetClientDailyVolumeCoinVersion = Literal["3.0.0", "3.1.0"]

GET_CLIENT_DAILY_VOLUME_COIN_VERSION_VALUES: set[GetClientDailyVolumeCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_client_daily_volume_coin_version(
    value: str,
) -> GetClientDailyVolumeCoinVersion:
    if value in GET_CLIENT_DAILY_VOLUME_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_CLIENT_DAILY_VOLUME_COIN_VERSION_VALUES!r}"
    )
