from typing import Literal

ApprovePayoutRequestResponse201ApprovalStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

APPROVE_PAYOUT_REQUEST_RESPONSE_201_APPROVAL_STATUS_VALUES: set[
    ApprovePayoutRequestResponse201ApprovalStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_approve_payout_request_response_201_approval_status(
    value: str,
) -> ApprovePayoutRequestResponse201ApprovalStatus:
    if value in APPROVE_PAYOUT_REQUEST_RESPONSE_201_APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_PAYOUT_REQUEST_RESPONSE_201_APPROVAL_STATUS_VALUES!r}"
    )
