from typing import Literal

ApproveCommissionChangeResponse200ApprovalChangeTreasury = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

APPROVE_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_CHANGE_TREASURY_VALUES: set[
    ApproveCommissionChangeResponse200ApprovalChangeTreasury
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_approve_commission_change_response_200_approval_change_treasury(
    value: str,
) -> ApproveCommissionChangeResponse200ApprovalChangeTreasury:
    if value in APPROVE_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_CHANGE_TREASURY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_CHANGE_TREASURY_VALUES!r}"
    )
