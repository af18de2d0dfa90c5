from typing import Literal

ApproveRequestResponse201CommissionToTreasuryType0 = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

APPROVE_REQUEST_RESPONSE_201_COMMISSION_TO_TREASURY_TYPE_0_VALUES: set[
    ApproveRequestResponse201CommissionToTreasuryType0
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_approve_request_response_201_commission_to_treasury_type_0(
    value: str,
) -> ApproveRequestResponse201CommissionToTreasuryType0:
    if value in APPROVE_REQUEST_RESPONSE_201_COMMISSION_TO_TREASURY_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_REQUEST_RESPONSE_201_COMMISSION_TO_TREASURY_TYPE_0_VALUES!r}"
    )
