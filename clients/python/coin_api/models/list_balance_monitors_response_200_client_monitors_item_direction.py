from typing import Literal

ListBalanceMonitorsResponse200ClientMonitorsItemDirection = Literal[
    "both", "down", "up"
]

LIST_BALANCE_MONITORS_RESPONSE_200_CLIENT_MONITORS_ITEM_DIRECTION_VALUES: set[
    ListBalanceMonitorsResponse200ClientMonitorsItemDirection
] = {
    "both",
    "down",
    "up",
}


def check_list_balance_monitors_response_200_client_monitors_item_direction(
    value: str,
) -> ListBalanceMonitorsResponse200ClientMonitorsItemDirection:
    if (
        value
        in LIST_BALANCE_MONITORS_RESPONSE_200_CLIENT_MONITORS_ITEM_DIRECTION_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_BALANCE_MONITORS_RESPONSE_200_CLIENT_MONITORS_ITEM_DIRECTION_VALUES!r}"
    )
