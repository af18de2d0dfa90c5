from typing import Literal

CreateOwnTestClientBodyTreasuriesItem = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

CREATE_OWN_TEST_CLIENT_BODY_TREASURIES_ITEM_VALUES: set[
    CreateOwnTestClientBodyTreasuriesItem
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_create_own_test_client_body_treasuries_item(
    value: str,
) -> CreateOwnTestClientBodyTreasuriesItem:
    if value in CREATE_OWN_TEST_CLIENT_BODY_TREASURIES_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_OWN_TEST_CLIENT_BODY_TREASURIES_ITEM_VALUES!r}"
    )
