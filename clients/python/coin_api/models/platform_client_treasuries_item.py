from typing import Literal

PlatformClientTreasuriesItem = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

PLATFORM_CLIENT_TREASURIES_ITEM_VALUES: set[PlatformClientTreasuriesItem] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_platform_client_treasuries_item(value: str) -> PlatformClientTreasuriesItem:
    if value in PLATFORM_CLIENT_TREASURIES_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PLATFORM_CLIENT_TREASURIES_ITEM_VALUES!r}"
    )
