from typing import Literal

ListClientBalanceMonitorsResponse200MonitorsItemDirection = Literal[
    "both", "down", "up"
]

LIST_CLIENT_BALANCE_MONITORS_RESPONSE_200_MONITORS_ITEM_DIRECTION_VALUES: set[
    ListClientBalanceMonitorsResponse200MonitorsItemDirection
] = {
    "both",
    "down",
    "up",
}


def check_list_client_balance_monitors_response_200_monitors_item_direction(
    value: str,
) -> ListClientBalanceMonitorsResponse200MonitorsItemDirection:
    if (
        value
        in LIST_CLIENT_BALANCE_MONITORS_RESPONSE_200_MONITORS_ITEM_DIRECTION_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CLIENT_BALANCE_MONITORS_RESPONSE_200_MONITORS_ITEM_DIRECTION_VALUES!r}"
    )
