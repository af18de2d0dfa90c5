from typing import Literal

ListBalanceMonitorsResponse200MonitorsItemDirection = Literal["both", "down", "up"]

LIST_BALANCE_MONITORS_RESPONSE_200_MONITORS_ITEM_DIRECTION_VALUES: set[
    ListBalanceMonitorsResponse200MonitorsItemDirection
] = {
    "both",
    "down",
    "up",
}


def check_list_balance_monitors_response_200_monitors_item_direction(
    value: str,
) -> ListBalanceMonitorsResponse200MonitorsItemDirection:
    if value in LIST_BALANCE_MONITORS_RESPONSE_200_MONITORS_ITEM_DIRECTION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_BALANCE_MONITORS_RESPONSE_200_MONITORS_ITEM_DIRECTION_VALUES!r}"
    )
