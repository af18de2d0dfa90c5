from typing import Literal

GetDailyVolumeResponse200DaysItemTypesItemType = Literal[
    "BURN", "MINT", "PURCHASE", "REFUND", "REWARD", "TRANSFER"
]

GET_DAILY_VOLUME_RESPONSE_200_DAYS_ITEM_TYPES_ITEM_TYPE_VALUES: set[
    GetDailyVolumeResponse200DaysItemTypesItemType
] = {
    "BURN",
    "MINT",
    "PURCHASE",
    "REFUND",
    "REWARD",
    "TRANSFER",
}


def check_get_daily_volume_response_200_days_item_types_item_type(
    value: str,
) -> GetDailyVolumeResponse200DaysItemTypesItemType:
    if value in GET_DAILY_VOLUME_RESPONSE_200_DAYS_ITEM_TYPES_ITEM_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_DAILY_VOLUME_RESPONSE_200_DAYS_ITEM_TYPES_ITEM_TYPE_VALUES!r}"
    )
