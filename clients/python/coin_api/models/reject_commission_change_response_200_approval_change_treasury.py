from typing import Literal

RejectCommissionChangeResponse200ApprovalChangeTreasury = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

REJECT_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_CHANGE_TREASURY_VALUES: set[
    RejectCommissionChangeResponse200ApprovalChangeTreasury
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_reject_commission_change_response_200_approval_change_treasury(
    value: str,
) -> RejectCommissionChangeResponse200ApprovalChangeTreasury:
    if value in REJECT_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_CHANGE_TREASURY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_CHANGE_TREASURY_VALUES!r}"
    )
