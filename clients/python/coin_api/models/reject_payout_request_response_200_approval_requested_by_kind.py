from typing import Literal

RejectPayoutRequestResponse200ApprovalRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

REJECT_PAYOUT_REQUEST_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES: set[
    RejectPayoutRequestResponse200ApprovalRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_reject_payout_request_response_200_approval_requested_by_kind(
    value: str,
) -> RejectPayoutRequestResponse200ApprovalRequestedByKind:
    if value in REJECT_PAYOUT_REQUEST_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_PAYOUT_REQUEST_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES!r}"
    )
