from typing import Literal

RejectPayoutRequestResponse200ApprovalStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

REJECT_PAYOUT_REQUEST_RESPONSE_200_APPROVAL_STATUS_VALUES: set[
    RejectPayoutRequestResponse200ApprovalStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_reject_payout_request_response_200_approval_status(
    value: str,
) -> RejectPayoutRequestResponse200ApprovalStatus:
    if value in REJECT_PAYOUT_REQUEST_RESPONSE_200_APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_PAYOUT_REQUEST_RESPONSE_200_APPROVAL_STATUS_VALUES!r}"
    )
