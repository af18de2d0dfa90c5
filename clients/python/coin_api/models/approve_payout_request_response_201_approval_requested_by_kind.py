from typing import Literal

ApprovePayoutRequestResponse201ApprovalRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

APPROVE_PAYOUT_REQUEST_RESPONSE_201_APPROVAL_REQUESTED_BY_KIND_VALUES: set[
    ApprovePayoutRequestResponse201ApprovalRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_approve_payout_request_response_201_approval_requested_by_kind(
    value: str,
) -> ApprovePayoutRequestResponse201ApprovalRequestedByKind:
    if value in APPROVE_PAYOUT_REQUEST_RESPONSE_201_APPROVAL_REQUESTED_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_PAYOUT_REQUEST_RESPONSE_201_APPROVAL_REQUESTED_BY_KIND_VALUES!r}"
    )
