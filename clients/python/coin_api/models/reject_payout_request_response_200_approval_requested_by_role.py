from typing import Literal

RejectPayoutRequestResponse200ApprovalRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

REJECT_PAYOUT_REQUEST_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES: set[
    RejectPayoutRequestResponse200ApprovalRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_reject_payout_request_response_200_approval_requested_by_role(
    value: str,
) -> RejectPayoutRequestResponse200ApprovalRequestedByRole:
    if value in REJECT_PAYOUT_REQUEST_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_PAYOUT_REQUEST_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES!r}"
    )
