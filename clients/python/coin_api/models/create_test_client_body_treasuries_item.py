from typing import Literal

CreateTestClientBodyTreasuriesItem = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

CREATE_TEST_CLIENT_BODY_TREASURIES_ITEM_VALUES: set[
    CreateTestClientBodyTreasuriesItem
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_create_test_client_body_treasuries_item(
    value: str,
) -> CreateTestClientBodyTreasuriesItem:
    if value in CREATE_TEST_CLIENT_BODY_TREASURIES_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_TEST_CLIENT_BODY_TREASURIES_ITEM_VALUES!r}"
    )
