from typing import Literal

GrantRequestActType2TreasuriesItem = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

GRANT_REQUEST_ACT_TYPE_2_TREASURIES_ITEM_VALUES: set[
    GrantRequestActType2TreasuriesItem
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_grant_request_act_type_2_treasuries_item(
    value: str,
) -> GrantRequestActType2TreasuriesItem:
    if value in GRANT_REQUEST_ACT_TYPE_2_TREASURIES_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GRANT_REQUEST_ACT_TYPE_2_TREASURIES_ITEM_VALUES!r}"
    )
