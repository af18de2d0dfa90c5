from typing import Literal

ApproveCommissionChangeResponse200Treasury = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

APPROVE_COMMISSION_CHANGE_RESPONSE_200_TREASURY_VALUES: set[
    ApproveCommissionChangeResponse200Treasury
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_approve_commission_change_response_200_treasury(
    value: str,
) -> ApproveCommissionChangeResponse200Treasury:
    if value in APPROVE_COMMISSION_CHANGE_RESPONSE_200_TREASURY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_COMMISSION_CHANGE_RESPONSE_200_TREASURY_VALUES!r}"
    )
