from typing import Literal

ApprovalCommandTreasuryType0 = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

APPROVAL_COMMAND_TREASURY_TYPE_0_VALUES: set[ApprovalCommandTreasuryType0] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_approval_command_treasury_type_0(value: str) -> ApprovalCommandTreasuryType0:
    if value in APPROVAL_COMMAND_TREASURY_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVAL_COMMAND_TREASURY_TYPE_0_VALUES!r}"
    )
