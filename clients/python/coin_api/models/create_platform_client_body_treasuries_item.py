from typing import Literal

CreatePlatformClientBodyTreasuriesItem = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

CREATE_PLATFORM_CLIENT_BODY_TREASURIES_ITEM_VALUES: set[
    CreatePlatformClientBodyTreasuriesItem
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_create_platform_client_body_treasuries_item(
    value: str,
) -> CreatePlatformClientBodyTreasuriesItem:
    if value in CREATE_PLATFORM_CLIENT_BODY_TREASURIES_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_PLATFORM_CLIENT_BODY_TREASURIES_ITEM_VALUES!r}"
    )
