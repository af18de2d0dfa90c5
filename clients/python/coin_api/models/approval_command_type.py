from typing import Literal

ApprovalCommandType = Literal["BURN", "MINT", "REFUND", "REWARD"]

APPROVAL_COMMAND_TYPE_VALUES: set[ApprovalCommandType] = {
    "BURN",
    "MINT",
    "REFUND",
    "REWARD",
}


def check_approval_command_type(value: str) -> ApprovalCommandType:
    if value in APPROVAL_COMMAND_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVAL_COMMAND_TYPE_VALUES!r}"
    )
